import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '../../shared/messages.ts';

export const WEB_DIST_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../dist/web',
);

/**
 * Serves the built SPA. Unknown non-API GET paths get index.html (history fallback) so the
 * client router decides; unknown /api paths get the JSON 404 of the error catalogue.
 */
export async function registerSpa(app: FastifyInstance, webDir = WEB_DIST_DIR): Promise<void> {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // Source maps would hand out the original source; a build may still hold some.
      allowedPath: (pathName) => !pathName.toLowerCase().endsWith('.map'),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
    (request, reply) => {
      const url = request.raw.url ?? '/';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/api/') &&
        url !== '/api';
      if (wantsPage && /\.map(\?|$)/i.test(url)) {
        return reply
          .status(404)
          .send({ error: { code: 'NOT_FOUND', status: 404, message: MESSAGES.notFound } });
      }
      if (wantsPage && hasBuild) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      if (wantsPage) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('画面のビルドがありません。`npm run build` を実行してください。');
      }
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', status: 404, message: MESSAGES.routeNotFound } });
    },
  );
}
