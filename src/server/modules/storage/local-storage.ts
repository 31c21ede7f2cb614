import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Keys are slash-separated segments of letters, digits, '.', '_' and '-', each starting with
 * a letter or digit, so '..', absolute paths and backslashes can never reach the disk.
 */
const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => SAFE_SEGMENT.test(segment) && !segment.includes('..'));
}

/** Files under DATA_DIR/storage (the embedded default of DECISIONS §6). */
export class LocalStorage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(path.resolve(dataDir), 'storage');
  }

  #resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!isSafeKey(key) || !full.startsWith(this.root + path.sep)) {
      throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
    }
    return full;
  }

  /** Written to a temporary name first, so a reader never sees half a file. */
  async put(key: string, data: Buffer): Promise<void> {
    const full = this.#resolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    const temporary = `${full}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, full);
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    try {
      return (await stat(this.#resolve(key))).isFile();
    } catch {
      return false;
    }
  }

  /** null when the key is unsafe or nothing is stored under it. */
  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    if (!isSafeKey(key)) return null;
    const full = this.#resolve(key);
    try {
      const info = await stat(full);
      if (!info.isFile()) return null;
      return { stream: createReadStream(full), size: info.size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.#resolve(key), { force: true });
  }
}
