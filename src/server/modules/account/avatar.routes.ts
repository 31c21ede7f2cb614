import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserSchema } from '../../../shared/auth.ts';
import { AVATAR_MAX_BYTES } from '../../../shared/limits.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { saveAvatar } from './profile.service.ts';

/** Detected from the bytes; the extension we store decides the served content type. */
const EXTENSION_FOR_MIME = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
]);
const CONTENT_TYPE_FOR_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

export const AVATAR_MESSAGES = {
  wrongType: '画像はPNG・JPEG・WebP形式でアップロードしてください',
  tooLarge: '画像サイズは5MB以下にしてください',
  missing: '画像ファイルを選択してください',
  notFound: '画像が見つかりません',
} as const;

function hasCode(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}

/** POST /api/account/avatar (upload) and GET /api/account/avatar/:userId/:file (public). */
export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this scope only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.post(
    '/account/avatar',
    { preHandler: app.requireUser, schema: { response: { 200: currentUserSchema } } },
    async (request) => {
      const user = currentUser(request);
      let data: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new HttpError(400, AVATAR_MESSAGES.missing);
        data = await file.toBuffer();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE')) {
          throw new HttpError(413, AVATAR_MESSAGES.tooLarge);
        }
        // Not multipart, a broken body, too many parts: all a client mistake.
        throw new HttpError(400, AVATAR_MESSAGES.missing, { cause: error });
      }
      if (data.length === 0) throw new HttpError(400, AVATAR_MESSAGES.missing);
      // The declared content type and file name can lie; the bytes decide.
      const detected = await fileTypeFromBuffer(data);
      const extension = detected ? EXTENSION_FOR_MIME.get(detected.mime) : undefined;
      if (!detected || !extension) throw new HttpError(400, AVATAR_MESSAGES.wrongType);
      return saveAvatar(app.db, app.storage, request.log, user.id, {
        data,
        extension,
        contentType: detected.mime,
      });
    },
  );

  app.get(
    '/account/avatar/:userId/:file',
    {
      schema: {
        params: z.object({
          userId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
          file: z.string().regex(/^[a-f0-9]{24}\.(png|jpg|webp)$/),
        }),
      },
    },
    async (request, reply) => {
      const { userId, file } = request.params;
      const found = await app.storage.open(`avatars/${userId}/${file}`);
      if (!found) throw notFound(AVATAR_MESSAGES.notFound);
      const extension = file.slice(file.lastIndexOf('.') + 1);
      return (
        reply
          .header(
            'content-type',
            CONTENT_TYPE_FOR_EXTENSION[extension] ?? 'application/octet-stream',
          )
          .header('content-length', found.size)
          // File names are random and never reused, so the bytes behind a URL never change.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // Images only, but never a document that could run anything from our origin.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(found.stream)
      );
    },
  );
};
