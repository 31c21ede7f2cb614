import { Readable } from 'node:stream';
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import {
  DOWNLOAD_URL_TTL_SECONDS,
  downloadQuerySchema,
  downloadResponseSchema,
  fileTooLargeMessage,
  removeRequestSchema,
  removeResponseSchema,
  STORAGE_MESSAGES,
  storagePathSchema,
  uploadOptionsSchema,
  uploadResponseSchema,
} from '../../../shared/storage.ts';
import { HttpError } from '../../lib/http-error.ts';
import { projectParamsSchema, requireProject } from '../../lib/project.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { attachmentDisposition, verifyDownload } from './download-signature.ts';
import { isSafeKey } from './local-storage.ts';
import { contentTypeForKey, extensionOf, mimeOf } from './storage-backend.ts';

const STORAGE_RATE_LIMIT = {
  limit: 120,
  windowSeconds: 60,
  message: 'ストレージの操作回数が多すぎます。しばらく待ってから再度お試しください',
};

/** file-type reads at most this much of a file to recognise it. */
const SNIFF_BYTES = 4100;

/**
 * Containers that say little about the real format (DOCX and XLSX are ZIPs, old Office files
 * are CFB, SVG is XML): a file that already has an extension keeps it.
 */
const GENERIC_DETECTIONS = new Set(['zip', 'cfb', 'xml']);

/** Served as bytes only: a browser must never run a stored page in our origin. */
const ACTIVE_CONTENT =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)/i;

const invalid = () => new HttpError(400, STORAGE_MESSAGES.invalid);

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

/** The first bytes for sniffing, and a stream that still yields every byte. */
async function peek(
  source: AsyncGenerator<Buffer>,
  bytes: number,
): Promise<{ head: Buffer; body: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay(): AsyncGenerator<Buffer> {
    try {
      if (head.length > 0) yield head;
      if (ended) return;
      for (;;) {
        const next = await source.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // A consumer that gives up early must still release the request stream.
      await source.return(undefined);
    }
  }
  return { head, body: Readable.from(replay(), { objectMode: false }) };
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

function fieldValue(file: MultipartFile, name: string): string | undefined {
  const field = file.fields[name];
  if (!field || Array.isArray(field) || field.type !== 'field') return undefined;
  const value = (field as MultipartValue).value;
  return typeof value === 'string' ? value : undefined;
}

function parseOptions(raw: string | undefined): { upsert: boolean } {
  if (raw === undefined || raw.trim() === '') return { upsert: false };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw invalid();
  }
  const parsed = uploadOptionsSchema.safeParse(json);
  if (!parsed.success) throw invalid();
  return { upsert: parsed.data.upsert ?? false };
}

function basename(relativePath: string): string {
  return relativePath.slice(relativePath.lastIndexOf('/') + 1);
}

/**
 * POST upload, GET download, DELETE remove under /api/storage/{project}; every user works in
 * their own namespace (`users/{id}/…`). Local files are served by GET …/files/{key} behind a
 * signed, expiring URL; with S3 the download URL is presigned by the bucket.
 */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this scope only. One byte more than allowed reaches us, so an oversized
  // file is noticed while streaming instead of being silently truncated.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 2048, parts: 6 },
  });
  const guard = requireProject(app);
  const preHandler = [
    app.requireUser,
    guard,
    async (request: Parameters<typeof guard>[0]) =>
      consumeRateLimit(app.db, `storage:${currentUser(request).id}`, STORAGE_RATE_LIMIT),
  ];
  const userKey = (userId: string, relativePath: string) => `users/${userId}/${relativePath}`;

  app.post(
    '/storage/:project/upload',
    {
      preHandler,
      schema: { params: projectParamsSchema, response: { 200: uploadResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      let file: MultipartFile | undefined;
      try {
        file = await request.file();
      } catch (error) {
        // Not multipart, a broken body, too many parts: all a client mistake.
        throw new HttpError(400, STORAGE_MESSAGES.invalid, { cause: error });
      }
      if (!file) throw invalid();
      const source = file.file;
      try {
        // Fields must come before the file: we decide where the bytes go before reading them.
        const requested = storagePathSchema.safeParse(fieldValue(file, 'path'));
        if (file.fieldname !== 'file' || !requested.success) throw invalid();
        const options = parseOptions(fieldValue(file, 'options'));

        const { head, body } = await peek(limited(source, UPLOAD_MAX_BYTES), SNIFF_BYTES);
        const detected = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
        const finalPath = correctedPath(requested.data, detected);
        const key = userKey(user.id, finalPath);
        if (!isSafeKey(key)) {
          body.destroy();
          throw invalid();
        }
        if (!options.upsert && (await app.storage.exists(key))) {
          body.destroy();
          throw new HttpError(409, STORAGE_MESSAGES.conflict);
        }
        const contentType = detected?.mime ?? contentTypeForKey(finalPath);
        const stored = await app.storage.put(key, body, { contentType });
        return { path: finalPath, size: stored.size, contentType: stored.contentType };
      } catch (error) {
        if (!source.destroyed) source.resume();
        if (error instanceof FileTooLarge) {
          const declared = Number(request.headers['content-length']);
          const size = Number.isFinite(declared) && declared > 0 ? declared : error.received;
          throw new HttpError(413, fileTooLargeMessage(size));
        }
        throw error;
      }
    },
  );

  app.get(
    '/storage/:project/download',
    {
      preHandler,
      schema: { params: projectParamsSchema, response: { 200: downloadResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const query = downloadQuerySchema.safeParse(request.query);
      if (!query.success) throw invalid();
      const key = userKey(user.id, query.data.path);
      if (!isSafeKey(key)) throw invalid();
      const info = await app.storage.stat(key);
      if (!info) throw new HttpError(404, STORAGE_MESSAGES.notFound);
      const filename = query.data.filename ?? basename(query.data.path);
      const downloadUrl = await app.storage.signedDownloadUrl(key, {
        filename,
        contentType: info.contentType,
        expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
      });
      return { downloadUrl, filename, contentType: info.contentType, size: info.size };
    },
  );

  app.delete(
    '/storage/:project/remove',
    {
      preHandler,
      schema: { params: projectParamsSchema, response: { 200: removeResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const parsed = removeRequestSchema.safeParse(request.body);
      if (!parsed.success) throw invalid();
      const removed: string[] = [];
      for (const relativePath of new Set(parsed.data.paths)) {
        const key = userKey(user.id, relativePath);
        if (!isSafeKey(key)) throw invalid();
        if (!(await app.storage.exists(key))) continue;
        await app.storage.remove(key);
        removed.push(relativePath);
      }
      return { removed };
    },
  );

  // The signed URL is the credential here: it works in a plain <a href> without a token.
  app.get(
    '/storage/:project/files/*',
    {
      preHandler: guard,
      schema: {
        params: projectParamsSchema.extend({ '*': z.string() }),
        querystring: z.object({
          filename: z.string().optional(),
          expires: z.string().optional(),
          signature: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const { filename, expires, signature } = request.query;
      if (
        !filename ||
        !expires ||
        !signature ||
        !isSafeKey(key) ||
        !verifyDownload(app.config.jwtSecret, {
          key,
          filename,
          expires: Number(expires),
          signature,
        })
      ) {
        throw new HttpError(403, STORAGE_MESSAGES.badSignature);
      }
      const found = await app.storage.open(key);
      if (!found) throw new HttpError(404, STORAGE_MESSAGES.notFound);
      return reply
        .header(
          'content-type',
          ACTIVE_CONTENT.test(found.contentType) ? 'application/octet-stream' : found.contentType,
        )
        .header('content-length', found.size)
        .header('content-disposition', attachmentDisposition(filename))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(found.stream);
    },
  );
};
