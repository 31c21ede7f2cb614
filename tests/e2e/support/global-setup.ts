import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMockLlm } from '../../fixtures/mock-llm/server.ts';
import { startFixtureSite } from '../../fixtures/site/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    fixtureSiteUrl: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
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
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['src/server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      FETCH_ALLOW_PRIVATE: 'true',
      DATABASE_URL: '',
      WEB_DIR: webDir,
      OPENAI_API_KEY: 'e2e-test-key',
      OPENAI_BASE_URL: llm.url,
      ...JSON.parse(process.env.E2E_SERVER_ENV ?? '{}'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForHealth(baseUrl, child, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('fixtureSiteUrl', site.url);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    await site.close();
    await llm.close();
  };
}
