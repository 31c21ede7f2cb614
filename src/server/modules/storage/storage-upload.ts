import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import { fileTooLargeMessage, STORAGE_MESSAGES } from '../../../shared/storage.ts';
import { HttpError } from '../../lib/http-error.ts';
import { contentTypeForKey, extensionOf, mimeOf } from './storage-backend.ts';

/**
 * Containers that say little about the real format (DOCX and XLSX are ZIPs, old Office files
 * are CFB, SVG is XML): a file that already has an extension keeps it.
 */
const GENERIC_DETECTIONS = new Set(['zip', 'cfb', 'xml']);

class FileTooLarge extends Error {
  readonly received: number;
  constructor(received: number) {
    super('file too large');
    this.received = received;
  }
}

async function* limited(source: Readable, maxBytes: number): AsyncGenerator<Buffer> {
  let received = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > maxBytes) throw new FileTooLarge(received);
    yield chunk;
  }
}

/** `photo.jpg` holding a PNG becomes `photo.png`; text without magic keeps its name. */
export function correctedPath(
  relativePath: string,
  detected: { ext: string; mime: string } | undefined,
): string {
  if (!detected) return relativePath;
  const current = extensionOf(relativePath);
  if (current && GENERIC_DETECTIONS.has(detected.ext)) return relativePath;
  if (current === detected.ext || mimeOf(contentTypeForKey(relativePath)) === detected.mime) {
    return relativePath;
  }
  const slash = relativePath.lastIndexOf('/');
  const name = relativePath.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${relativePath.slice(0, slash + 1)}${stem}.${detected.ext}`;
}

export interface ReceivedUpload {
  /** Text fields by name (the first of each name wins). */
  fields: Record<string, string>;
  /** The `file` part, spooled to a temporary file. */
  file: { path: string; size: number } | undefined;
  /** Removes the temporary file; call it whatever happens next. */
  discard(): Promise<void>;
}

/**
 * Reads the whole multipart body in whatever order its parts come (`file` before or after
 * `path` and `options`): the file is spooled to a temporary file, so where it goes, whether it
 * may overwrite and whether it fits the quota are decided once every field is known.
 */
export async function receiveUpload(request: FastifyRequest): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let directory: string | undefined;
  let file: ReceivedUpload['file'];
  let current: Readable | undefined;
  const discard = async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields)) {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      current = part.file;
      if (part.fieldname !== 'file' || file) throw new HttpError(400, STORAGE_MESSAGES.invalid);
      directory = await mkdtemp(path.join(tmpdir(), 'faq-kobo-upload-'));
      const target = path.join(directory, 'upload');
      let size = 0;
      await pipeline(
        limited(part.file, UPLOAD_MAX_BYTES),
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(target),
      );
      file = { path: target, size };
    }
  } catch (error) {
    if (current && !current.destroyed) current.resume();
    await discard();
    if (error instanceof FileTooLarge) {
      const declared = Number(request.headers['content-length']);
      const size = Number.isFinite(declared) && declared > 0 ? declared : error.received;
      throw new HttpError(413, fileTooLargeMessage(size));
    }
    if (error instanceof HttpError) throw error;
    // Not multipart, a broken body, too many parts: all a client mistake.
    throw new HttpError(400, STORAGE_MESSAGES.invalid, { cause: error });
  }
  return { fields, file, discard };
}

/** The first bytes of a spooled file, for sniffing its real type. */
export async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
