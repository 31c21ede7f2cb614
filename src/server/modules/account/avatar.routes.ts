import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserSchema } from '../../../shared/auth.ts';
import { AVATAR_MAX_BYTES } from '../../../shared/limits.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { updateProfile } from '../auth/auth.service.ts';
import { LocalStorage } from '../storage/local-storage.ts';

const ALLOWED = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
]);
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};
const WRONG_TYPE = '画像はPNG・JPEG・WebP形式でアップロードしてください';
const TOO_LARGE = '画像サイズは5MB以下にしてください';

export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = new LocalStorage(app.config.dataDir);
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });

  app.post(
    '/account/avatar',
    { preHandler: app.requireUser, schema: { response: { 200: currentUserSchema } } },
    async (request) => {
      const user = currentUser(request);
      let file;
      try {
        file = await request.file();
      } catch {
        throw new HttpError(400, '画像ファイルを選択してください');
      }
      if (!file) throw new HttpError(400, '画像ファイルを選択してください');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        throw new HttpError(413, TOO_LARGE);
      }
      if (file.file.truncated) throw new HttpError(413, TOO_LARGE);
      // The declared type and name can lie; the bytes decide.
      const detected = await fileTypeFromBuffer(data);
      const extension = detected ? ALLOWED.get(detected.mime) : undefined;
      if (!extension) throw new HttpError(400, WRONG_TYPE);
      const fileName = `${randomBytes(12).toString('hex')}.${extension}`;
      await storage.put(`avatars/${user.id}/${fileName}`, data);
      return updateProfile(app.db, user.id, {
        avatarUrl: `/api/account/avatar/${user.id}/${fileName}`,
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
      const found = await storage.open(`avatars/${userId}/${file}`);
      if (!found) throw notFound('画像が見つかりません');
      const extension = file.split('.').pop()!;
      return reply
        .header('content-type', CONTENT_TYPES[extension]!)
        .header('content-length', found.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(found.stream);
    },
  );
};
