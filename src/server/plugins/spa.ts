import { existsSync, readFileSync } from 'node:fs';
import fp from 'fastify-plugin';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '../../shared/messages.ts';
import { fillPublicConfig } from '../../shared/prerender-config.ts';
import type { PublicConfig } from '../../shared/public-config.ts';
import { PUBLIC_PAGES, PUBLIC_URL_PLACEHOLDER } from '../../shared/seo.ts';
import { publicConfigOf } from '../modules/platform/public-config.routes.ts';
import { registerSeoFiles } from './seo-files.ts';

export const WEB_DIST_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../dist/web',
);

/** Where the build writes the pre-rendered public pages (build/prerender-plugin.ts). */
export const PRERENDER_DIR = '.prerendered';

/**
 * The public pages as the build pre-rendered them, with this server's PUBLIC_URL in their
 * canonical and Open Graph URLs and its settings (seller, brand) in the text. Missing files (an older build) fall back to index.html.
 */
function readPrerenderedPages(
  webDir: string,
  publicUrl: string,
  publicConfig: PublicConfig,
): Map<string, string> {
  const pages = new Map<string, string>();
  for (const pathname of Object.keys(PUBLIC_PAGES)) {
    const file = path.join(
      webDir,
      PRERENDER_DIR,
      pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`,
    );
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8').replaceAll(PUBLIC_URL_PLACEHOLDER, publicUrl);
    pages.set(pathname, fillPublicConfig(html, publicConfig));
  }
  return pages;
}

/**
 * Serves the built SPA. The public pages get their pre-rendered HTML. Unknown non-API GET paths get index.html (history fallback) so the
 * client router decides; unknown /api paths get the JSON 404 of the error catalogue.
 */
export async function registerSpa(app: FastifyInstance, webDir = WEB_DIST_DIR): Promise<void> {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
  await registerSeoFiles(app);
  if (hasBuild) {
    for (const [pathname, html] of readPrerenderedPages(
      webDir,
      app.config.publicUrl,
      publicConfigOf(app.config),
    )) {
      app.get(pathname, (_request, reply) =>
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html),
      );
    }
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

export const spaPlugin = fp(
  async (app, options: { webDir?: string }) => registerSpa(app, options.webDir),
  {
    name: 'spa',
    fastify: '5.x',
    // Last: its not-found handler answers whatever no route took, limited by the rate limiter.
    dependencies: ['app-context', 'security', 'error-handler', 'api-routes'],
  },
);
