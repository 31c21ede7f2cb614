import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeStoragePath } from '../../../shared/storage.ts';
import { signDownload } from './download-signature.ts';
import {
  contentTypeForKey,
  type OpenedFile,
  type SignedUrlOptions,
  type StorageBackend,
  type StoredFileInfo,
} from './storage-backend.ts';

/**
 * Keys are slash-separated segments of letters, digits, marks, spaces, '.', '_', '-', '('
 * and ')', each starting with a letter or digit, so '..', absolute paths, backslashes and
 * control characters can never reach the disk.
 */
export function isSafeKey(key: string): boolean {
  return isSafeStoragePath(key, 1024);
}

export interface LocalSigningOptions {
  secret: string;
  /** Absolute URL of the route that serves `…/files/{key}` (see storage.routes.ts). */
  filesUrl: string;
}

/**
 * Files under DATA_DIR/storage (the embedded default of docs/product-decisions.md §6). The content type is
 * not stored: it follows from the extension (`contentTypeForKey`), which the upload route
 * has already corrected from the bytes.
 */
export class LocalStorage implements StorageBackend {
  readonly kind = 'local' as const;
  readonly root: string;
  readonly #signing: LocalSigningOptions | undefined;

  constructor(dataDir: string, signing?: LocalSigningOptions) {
    this.root = path.join(path.resolve(dataDir), 'storage');
    this.#signing = signing;
  }

  #resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!isSafeKey(key) || !full.startsWith(this.root + path.sep)) {
      throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
    }
    return full;
  }

  /** Streamed to a temporary name first, so a reader never sees half a file. */
  async put(
    key: string,
    body: Readable,
    _options?: { contentType: string },
  ): Promise<StoredFileInfo> {
    const full = this.#resolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    const temporary = `${full}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, full);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { size: (await stat(full)).size, contentType: contentTypeForKey(key) };
  }

  async usedBytes(prefix: string): Promise<number> {
    const directory = this.#resolve(prefix.replace(/\/+$/, ''));
    let entries;
    try {
      entries = await readdir(directory, { recursive: true, withFileTypes: true });
    } catch {
      return 0;
    }
    let total = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      // A file removed meanwhile simply no longer counts.
      total += await stat(path.join(entry.parentPath, entry.name)).then(
        (info) => info.size,
        () => 0,
      );
    }
    return total;
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    if (!isSafeKey(key)) return null;
    try {
      const info = await stat(this.#resolve(key));
      return info.isFile() ? { size: info.size, contentType: contentTypeForKey(key) } : null;
    } catch {
      return null;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** null when the key is unsafe or nothing is stored under it. */
  async open(key: string): Promise<OpenedFile | null> {
    const info = await this.stat(key);
    if (!info) return null;
    return { ...info, stream: createReadStream(this.#resolve(key)) };
  }

  async remove(key: string): Promise<void> {
    await rm(this.#resolve(key), { force: true });
  }

  async signedDownloadUrl(key: string, options: SignedUrlOptions): Promise<string> {
    if (!this.#signing) throw new Error('LocalStorage was built without signing options');
    this.#resolve(key);
    const expires = Math.floor(Date.now() / 1000) + options.expiresInSeconds;
    const signature = signDownload(this.#signing.secret, key, options.filename, expires);
    const query = new URLSearchParams({
      filename: options.filename,
      expires: String(expires),
      signature,
    });
    const encodedKey = key.split('/').map(encodeURIComponent).join('/');
    return `${this.#signing.filesUrl}/${encodedKey}?${query}`;
  }
}
