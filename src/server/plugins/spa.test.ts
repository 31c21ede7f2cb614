import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLACEHOLDER_PUBLIC_CONFIG,
  PUBLIC_CONFIG_JSON_TOKEN,
} from '../../shared/prerender-config.ts';
import { PUBLIC_URL_PLACEHOLDER } from '../../shared/seo.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';

const PUBLIC_URL = 'https://faq.example.jp';
let webDir: string;
let testApp: TestApp;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'faq-kobo-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<html><body><div id="root"></div></body></html>');
  mkdirSync(path.join(webDir, '.prerendered'));
  writeFileSync(
    path.join(webDir, '.prerendered', 'pricing.html'),
    `<html><head><link rel="canonical" href="${PUBLIC_URL_PLACEHOLDER}/pricing" /></head>` +
      '<body><div id="root" data-prerendered><h1>料金プラン</h1></div></body></html>',
  );
  writeFileSync(
    path.join(webDir, '.prerendered', 'legal.html'),
    `<html><body><div id="root" data-prerendered><dd>${PLACEHOLDER_PUBLIC_CONFIG.seller.name}</dd></div>` +
      `<script type="application/json" id="public-config">${PUBLIC_CONFIG_JSON_TOKEN}</script></body></html>`,
  );
  testApp = await createTestApp({ PUBLIC_URL, SELLER_NAME: '株式会社<テスト>&商会' }, { webDir });
});
afterAll(async () => {
  await testApp?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('built web app', () => {
  it('sends a public page pre-rendered, with this server’s address in its canonical URL', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/pricing' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>料金プラン</h1>');
    expect(response.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/pricing" />`);
    expect(response.body).not.toContain(PUBLIC_URL_PLACEHOLDER);
  });

  it('fills in this server’s settings, escaped, with the same settings as JSON for the browser', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/legal' });
    expect(response.body).toContain('<dd>株式会社&lt;テスト&gt;&amp;商会</dd>');
    expect(response.body).not.toContain('__FAQ_KOBO_CONFIG_');
    const json = /<script type="application\/json" id="public-config">(.*?)<\/script>/.exec(
      response.body,
    )?.[1];
    expect(json).not.toContain('<');
    const config = (await testApp.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(JSON.parse(json!)).toEqual(config);
  });

  it('sends the application shell for other screens and public pages the build lacks', async () => {
    for (const url of ['/generate', '/terms']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('never serves the pre-render templates themselves', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/.prerendered/pricing.html' });
    expect(response.body).not.toContain(PUBLIC_URL_PLACEHOLDER);
  });

  it('robots.txt points to the sitemap, which lists every public page', async () => {
    const robots = await testApp.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /admin');
    const sitemap = await testApp.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const pathname of ['/', '/pricing', '/terms', '/privacy', '/legal']) {
      expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}${pathname}</loc>`);
    }
  });
});
