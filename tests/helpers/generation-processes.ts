import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import {
  signAccessToken,
  USER_TOKEN_AUDIENCE,
} from '../../src/server/modules/auth/access-token.ts';
import { grantCredits } from '../../src/server/modules/credits/ledger.ts';
import type { Generation } from '../../src/shared/generations.ts';
import { startMockLlm, type MockLlmOptions } from '../fixtures/mock-llm/server.ts';
import { confirmationTokenIn } from './accounts.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { createTestDatabase } from './test-database.ts';

/** A server process on the shared database that generates with the mock model, one job at a time. */
const generationServerEnv = (options: {
  dataDir: string;
  databaseUrl: string;
  llmUrl: string;
  jwtSecret: string;
}): Record<string, string> => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATA_DIR: options.dataDir,
  DATABASE_URL: options.databaseUrl,
  JWT_SECRET: options.jwtSecret,
  WEB_DIR: path.join(options.dataDir, 'no-web'),
  OPENAI_API_KEY: 'test-key',
  OPENAI_BASE_URL: options.llmUrl,
  AI_CONCURRENCY: '1',
  // A job taken over from a killed process is tried again a second later.
  GENERATION_JOB_RETRY_DELAY_SECONDS: '1',
  // A stopped process hands its running jobs back after 2 s (tests stop them often).
  JOB_SHUTDOWN_GRACE_MS: '2000',
});

const json = { 'content-type': 'application/json' };

export type ProcessCluster = Awaited<ReturnType<typeof startProcessCluster>>;

/**
 * A fresh database (PostgreSQL: several processes share it) and a mock model for server
 * processes started on demand; `close` stops them all and removes what they wrote.
 */
export async function startProcessCluster(options: {
  name: string;
  jwtSecret: string;
  llm?: MockLlmOptions;
}) {
  const database = await createTestDatabase();
  const llm = await startMockLlm(options.llm);
  const dataDir = mkdtempSync(path.join(tmpdir(), `faq-kobo-${options.name}-`));
  const started: ServerProcess[] = [];
  return {
    database,
    llm,
    async start(env: Record<string, string> = {}): Promise<ServerProcess> {
      const server = await startServerProcess({
        ...generationServerEnv({
          dataDir,
          databaseUrl: database.url!,
          llmUrl: llm.url,
          jwtSecret: options.jwtSecret,
        }),
        ...env,
      });
      started.push(server);
      return server;
    },
    async close() {
      // Held model calls would keep the processes from stopping.
      llm.releaseWaiting();
      await Promise.all(started.map((server) => server.stop()));
      await llm.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up through a running server and confirms the address, so the sign-up credits are there. */
export async function confirmedAccountVia(
  server: ServerProcess,
  db: Database,
  email: string,
): Promise<{ token: string; userId: string }> {
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'password123' }),
  });
  const body = (await signup.json()) as { access_token: string; user: { id: string } };
  await fetch(`${server.url}/api/auth/confirm-email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token: await confirmationTokenIn(db, email) }),
  });
  return { token: body.access_token, userId: body.user.id };
}

/** One request to a server process as the signed-in user; the answer is a generation. */
export async function callAs(
  token: string,
  server: ServerProcess,
  request: { method: string; url: string; body?: object; headers?: Record<string, string> },
) {
  const { method, url, body, headers = {} } = request;
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? json : {}),
      ...headers,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return {
    status: response.status,
    body: (await response.json()) as Generation & { reused?: boolean },
  };
}

/**
 * Confirmed users straight into the shared database, their sign-up credits through the real
 * ledger, each with an access token the cluster's processes accept (many sign-ups from one
 * address would meet the sign-up limits).
 */
export async function seedAccounts(
  db: Database,
  jwtSecret: string,
  count: number,
  credits: number,
): Promise<{ id: string; token: string }[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const id = randomUUID();
      const email = `load-${index}-${id.slice(0, 6)}@example.jp`;
      await db.insert(users).values({ id, email, passwordHash: 'x', emailConfirmedAt: new Date() });
      await grantCredits(db, {
        userId: id,
        amount: credits,
        type: 'signup_bonus',
        description: '新規登録ボーナス',
      });
      return {
        id,
        token: await signAccessToken(jwtSecret, USER_TOKEN_AUDIENCE, { sub: id, email }),
      };
    }),
  );
}
