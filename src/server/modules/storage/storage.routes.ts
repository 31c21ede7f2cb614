import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STORAGE_QUOTA_BYTES, UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import {
  DOWNLOAD_URL_TTL_SECONDS,
  downloadQuerySchema,
  downloadResponseSchema,
  removeRequestSchema,
  removeResponseSchema,
  STORAGE_MESSAGES,
  storageQuotaMessage,
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
import { contentTypeForKey } from './storage-backend.ts';
import { correctedPath, readHead, receiveUpload } from './storage-upload.ts';

const STORAGE_RATE_LIMIT = {
  limit: 120,
  windowSeconds: 60,
  message: 'ストレージの操作回数が多すぎます。しばらく待ってから再度お試しください',
};

/** file-type reads at most this much of a file to recognise it. */
const SNIFF_BYTES = 4100;

/** Served as bytes only: a browser must never run a stored page in our origin. */
const ACTIVE_CONTENT =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/(x-)?(java|ecma)script|text\/css|application\/wasm|multipart\/)/i;

const invalid = () => new HttpError(400, STORAGE_MESSAGES.invalid);

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
      config: { invalidInputMessage: STORAGE_MESSAGES.invalid },
      schema: { params: projectParamsSchema, response: { 200: uploadResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const upload = await receiveUpload(request);
      try {
        const requested = storagePathSchema.safeParse(upload.fields.path);
        if (!upload.file || !requested.success) throw invalid();
        const options = parseOptions(upload.fields.options);
        const head = await readHead(upload.file.path, SNIFF_BYTES);
        const detected = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
        const finalPath = correctedPath(requested.data, detected);
        const key = userKey(user.id, finalPath);
        if (!isSafeKey(key)) throw invalid();
        const existing = await app.storage.stat(key);
        if (!options.upsert && existing) throw new HttpError(409, STORAGE_MESSAGES.conflict);
        // Checked before writing; parallel uploads may overshoot by what is in flight.
        const used = await app.storage.usedBytes(userKey(user.id, ''));
        if (used - (existing?.size ?? 0) + upload.file.size > STORAGE_QUOTA_BYTES) {
          throw new HttpError(413, storageQuotaMessage(used));
        }
        const contentType = detected?.mime ?? contentTypeForKey(finalPath);
        const stored = await app.storage.put(key, createReadStream(upload.file.path), {
          contentType,
        });
        return { path: finalPath, size: stored.size, contentType: stored.contentType };
      } finally {
        await upload.discard();
      }
    },
  );

  app.get(
    '/storage/:project/download',
    {
      preHandler,
      config: { invalidInputMessage: STORAGE_MESSAGES.invalid },
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
      config: { invalidInputMessage: STORAGE_MESSAGES.invalid },
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
      config: { invalidInputMessage: STORAGE_MESSAGES.invalid },
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
