import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Keys are slash-separated safe segments; anything else is refused before touching the disk. */
const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isSafeKey(key: string): boolean {
  const segments = key.split('/');
  return (
    segments.length > 0 &&
    segments.every((segment) => SAFE_SEGMENT.test(segment) && !segment.includes('..'))
  );
}

/** Files under DATA_DIR/storage (the embedded default of DECISIONS §6). */
export class LocalStorage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage');
  }

  #resolve(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`unsafe storage key: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.#resolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, data);
  }

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
