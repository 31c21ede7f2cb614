import type { FastifyInstance } from 'fastify';
import { PUBLIC_PAGES } from '../../shared/seo.ts';

/** robots.txt and sitemap.xml for the public pages, with this server's PUBLIC_URL. */
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
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Object.keys(PUBLIC_PAGES).map(
      (pathname) => `  <url><loc>${publicUrl}${pathname}</loc></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  );
}
