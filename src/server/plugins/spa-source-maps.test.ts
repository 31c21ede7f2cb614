import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import viteConfig from '../../../vite.config.ts';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'faq-kobo-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>FAQ工房</title>');
  writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1);\n');
  writeFileSync(
    path.join(webDir, 'assets', 'app.js.map'),
    '{"version":3,"sources":["../src/secret.ts"],"sourcesContent":["const secret = 1"]}',
  );
  t = await createTestApp({}, { webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('source maps', () => {
  it('are not emitted by the production build', () => {
    // The config is a function of the command; building sets NODE_ENV, so restore it after.
    const nodeEnv = process.env.NODE_ENV;
    const config = (
      viteConfig as unknown as (env: { command: 'build'; mode: string }) => {
        build?: { sourcemap?: unknown };
      }
    )({ command: 'build', mode: 'production' });
    process.env.NODE_ENV = nodeEnv;
    expect(config.build?.sourcemap ?? false).toBe(false);
  });

  it('are never served, even when a build holds one', async () => {
    const script = await t.app.inject({ url: '/assets/app.js' });
    expect(script.statusCode).toBe(200);
    for (const url of ['/assets/app.js.map', '/assets/APP.JS.MAP', '/assets/app.js.map?x=1']) {
      const map = await t.app.inject({ url });
      expect(map.statusCode, url).toBe(404);
      expect(map.body).not.toContain('sourcesContent');
    }
    const page = await t.app.inject({ url: '/history' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('FAQ工房');
  });
});
