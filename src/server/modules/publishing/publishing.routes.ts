import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  embedDataSchema,
  faqPageJsonLd,
  publicationResponseSchema,
  publishedTitle,
  publishRequestSchema,
} from '../../../shared/published-faq.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { idParams } from '../generation/generation-flow.routes.ts';
import {
  EMBED_SCRIPT,
  GONE_PAGE,
  MISSING_PAGE,
  publicPageCsp,
  renderPublicPage,
} from './public-page.ts';
import {
  countOpen,
  countView,
  findPublicPage,
  getPublication,
  pageUrl,
  publish,
  unpublish,
} from './publishing.service.ts';

/** The owner's side: 公開する, its settings, 非公開にする and the counts (own records only). */
export const publishingRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = { 200: publicationResponseSchema };
  app.get(
    '/generations/:id/publication',
    { preHandler: app.requireUser, schema: { params: idParams, response } },
    async (request) => ({
      publication: await getPublication(
        app.db,
        currentUser(request).id,
        request.params.id,
        app.config.publicUrl,
      ),
    }),
  );
  app.put(
    '/generations/:id/publication',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: idParams, body: publishRequestSchema, response },
    },
    async (request) => ({
      publication: await publish(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body,
        app.config.publicUrl,
      ),
    }),
  );
  app.delete(
    '/generations/:id/publication',
    { preHandler: app.requireUser, schema: { params: idParams, response } },
    async (request) => ({
      publication: await unpublish(
        app.db,
        currentUser(request).id,
        request.params.id,
        app.config.publicUrl,
      ),
    }),
  );
};

/** Per address and process: a flood ceiling for pages anyone may open (ADR 039). */
export const PUBLIC_PAGE_LIMIT = { max: 120, timeWindow: '1 minute' };
export const OPENED_LIMIT = { max: 60, timeWindow: '1 minute' };

const slugParams = z.object({ slug: z.string().max(100) });

/**
 * Counted only for a person who did not ask not to be: Do Not Track and Global Privacy Control
 * are honoured, and crawlers and previews are not customers.
 */
function countsAsVisit(headers: FastifyRequest['headers']): boolean {
  if (headers.dnt === '1' || headers['sec-gpc'] === '1') return false;
  const agent = headers['user-agent'] ?? '';
  return !/bot|crawl|spider|slurp|lighthouse|preview/i.test(agent);
}

/** Revalidated on every use (no-cache), so 非公開にする is never served from a cache. */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  body: string,
): FastifyReply {
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'public, no-cache').type(type);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.send(body);
}

function sendMissing(reply: FastifyReply, state: 'gone' | 'missing'): FastifyReply {
  return reply
    .status(state === 'gone' ? 410 : 404)
    .header('cache-control', 'no-store')
    .header('content-security-policy', publicPageCsp(false))
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(state === 'gone' ? GONE_PAGE : MISSING_PAGE);
}

/** What anyone may open: the page /f/{slug}, its iframe version, the embed and its data. */
export const publicFaqRoutes: FastifyPluginAsyncZod = async (app) => {
  const pageRoute =
    (embed: boolean) =>
    async (request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
      const page = await findPublicPage(app.db, request.params.slug);
      if (page.state !== 'live') return sendMissing(reply, page.state);
      if (request.method === 'GET' && countsAsVisit(request.headers))
        await countView(app.db, page.id);
      const html = renderPublicPage({
        ...page,
        url: pageUrl(app.config.publicUrl, page.slug),
        embed,
      });
      reply.header('content-security-policy', publicPageCsp(embed));
      if (embed) {
        reply.removeHeader('x-frame-options');
        reply.header('cross-origin-resource-policy', 'cross-origin');
      }
      if (page.noindex || embed) reply.header('x-robots-tag', 'noindex');
      return sendCached(request, reply, 'text/html; charset=utf-8', html);
    };
  const limited = { config: { rateLimit: PUBLIC_PAGE_LIMIT }, schema: { params: slugParams } };
  app.get('/f/:slug', limited, pageRoute(false));
  app.get('/f/:slug/embed', limited, pageRoute(true));

  app.get(
    '/f/:slug/faq.json',
    { ...limited, schema: { params: slugParams } },
    async (request, reply) => {
      // Read by the embed from the shop's own origin.
      reply
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
      const page = await findPublicPage(app.db, request.params.slug);
      if (page.state !== 'live') {
        return reply
          .status(page.state === 'gone' ? 410 : 404)
          .header('cache-control', 'no-store')
          .send({
            error: {
              code: page.state === 'gone' ? 'GONE' : 'NOT_FOUND',
              status: page.state === 'gone' ? 410 : 404,
              message:
                page.state === 'gone'
                  ? 'このよくある質問は公開を終了しました'
                  : 'このよくある質問は見つかりません',
            },
          });
      }
      if (request.method === 'GET' && countsAsVisit(request.headers))
        await countView(app.db, page.id);
      const title = publishedTitle(page.businessName);
      const url = pageUrl(app.config.publicUrl, page.slug);
      const data = embedDataSchema.parse({
        title,
        url,
        noindex: page.noindex,
        items: page.items,
        jsonLd: faqPageJsonLd(title, page.items, url),
      });
      return sendCached(request, reply, 'application/json; charset=utf-8', JSON.stringify(data));
    },
  );

  app.post(
    '/f/:slug/opened',
    {
      config: { rateLimit: OPENED_LIMIT },
      schema: {
        params: slugParams,
        querystring: z.object({
          q: z.coerce
            .number({ error: '質問の番号が正しくありません' })
            .int('質問の番号が正しくありません')
            .min(0, '質問の番号が正しくありません')
            .max(10_000, '質問の番号が正しくありません'),
        }),
      },
    },
    async (request, reply) => {
      // A beacon from the embed comes from the shop's origin.
      reply
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (countsAsVisit(request.headers))
        await countOpen(app.db, request.params.slug, request.query.q);
      return reply.status(204).send();
    },
  );

  app.get('/embed.js', { config: { rateLimit: PUBLIC_PAGE_LIMIT } }, (request, reply) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    // Not a hashed file: an hour's cache, then revalidated by its ETag.
    return sendCached(request, reply, 'text/javascript; charset=utf-8', EMBED_SCRIPT).header(
      'cache-control',
      'public, max-age=3600',
    );
  });
};
