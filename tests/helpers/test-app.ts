import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/server/app.ts';
import { buildConfig, parseEnv, type Config } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a real, fresh database; call it in beforeAll and close it in afterAll. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    configure?: (app: FastifyInstance) => void;
    payments?: BuildAppOptions['payments'];
    onRoute?: BuildAppOptions['onRoute'];
    /** A built web app to serve; by default none. */
    webDir?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'faq-kobo-test-'));
  const config = buildConfig(
    parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      // A test that closes its app with a job still running waits this long, not 10 s.
      JOB_SHUTDOWN_GRACE_MS: '1000',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      ...env,
    }),
  );
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: false,
    webDir: options.webDir ?? path.join(dataDir, 'no-web'),
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  options.configure?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
