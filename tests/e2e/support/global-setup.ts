import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMockLlm } from '../../fixtures/mock-llm/server.ts';
import { startFixtureSite } from '../../fixtures/site/server.ts';
import { startServerProcess } from '../../helpers/server-process.ts';
import { launchBrowserServer } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    fixtureSiteUrl: string;
    /** The first administrator's token: tests read stored mail (confirmation links) with it. */
    adminToken: string;
    /** The run's one Chromium (see useBrowser). */
    browserWsEndpoint: string;
  }
}

/** Starts the real server (built SPA, fresh embedded database) once for the e2e project. */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../../..');
  // E2E_WEB_DIR: a private build, so parallel runs never serve each other's half-written files.
  const webDir = process.env.E2E_WEB_DIR
    ? path.resolve(process.env.E2E_WEB_DIR)
    : path.join(root, 'dist/web');
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(
      'dist/web がありません。先に `npm run build` を実行してください（npm test は自動で実行します）。',
    );
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'faq-kobo-e2e-'));
  // The outside world, locally: a Japanese business site and an OpenAI-compatible model.
  const site = await startFixtureSite();
  const llm = await startMockLlm({ latencyMs: 30 });
  const server = await startServerProcess((url) => ({
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    FETCH_ALLOW_PRIVATE: 'true',
    // The one fixture site stands for every user's own site here, so its per-site limits
    // would only throttle the suite (generation-limits.test.ts covers them).
    CRAWL_HOST_CONCURRENCY: '1000',
    CRAWL_HOST_PAGES_PER_MINUTE: '100000',
    DATABASE_URL: '',
    WEB_DIR: webDir,
    OPENAI_API_KEY: 'e2e-test-key',
    OPENAI_BASE_URL: llm.url,
    ...(JSON.parse(process.env.E2E_SERVER_ENV ?? '{}') as Record<string, string>),
  })).catch(async (error: unknown) => {
    await site.close();
    await llm.close();
    throw error;
  });
  const browser = await launchBrowserServer().catch(async (error: unknown) => {
    await server.stop();
    await site.close();
    await llm.close();
    throw error;
  });
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  const baseUrl = server.url;
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('fixtureSiteUrl', site.url);
  // Once for the whole run: administrator sign-in is rate-limited per name.
  const adminLogin = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  if (!adminLogin.ok) throw new Error(`admin login failed: ${adminLogin.status}`);
  project.provide('adminToken', ((await adminLogin.json()) as { token: string }).token);

  return async () => {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await site.close();
    await llm.close();
  };
}
