import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../shared/escape-html.ts';
import { PUBLIC_PAGES } from '../../shared/seo.ts';
import { PUBLIC_PAGE_LIMIT } from '../modules/publishing/publishing.routes.ts';
import { listIndexablePages, pageUrl } from '../modules/publishing/publishing.service.ts';

/**
 * robots.txt and sitemap.xml, with this server's PUBLIC_URL: the site's public pages and the
 * published FAQ pages that may be indexed (ADR 039). The sitemap is read on every request, as
 * the pages are, so a page taken down, suspended or switched to noindex leaves it at once.
 */
export async function registerSeoFiles(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;
  const robots = [
    'User-agent: *',
    'Allow: /',
    // Signed-in screens and the admin area have nothing to index.
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /auth',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  const sitePages = Object.keys(PUBLIC_PAGES).map(
    (pathname) => `  <url><loc>${escapeHtml(`${publicUrl}${pathname}`)}</loc></url>`,
  );
  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
  app.get('/sitemap.xml', { config: { rateLimit: PUBLIC_PAGE_LIMIT } }, async (_request, reply) => {
    const published = (await listIndexablePages(app.db)).map(
      (page) =>
        `  <url><loc>${escapeHtml(pageUrl(publicUrl, page.slug))}</loc><lastmod>${page.updatedAt.toISOString()}</lastmod></url>`,
    );
    const sitemap = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...sitePages,
      ...published,
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, no-cache')
      .send(sitemap);
  });
}
