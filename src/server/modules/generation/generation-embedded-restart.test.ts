import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import { startMockLlm } from '../../../../tests/fixtures/mock-llm/server.ts';
import { callAs, seedAccounts } from '../../../../tests/helpers/generation-processes.ts';
import {
  startServerProcess,
  type ServerProcess,
} from '../../../../tests/helpers/server-process.ts';
import { openPgliteDirectory } from '../../../../tests/helpers/test-database.ts';
import type { FaqItem } from '../../../shared/generations.ts';
import { creditReservations, creditTransactions, users } from '../../db/schema.ts';

const JWT_SECRET = 'embedded-restart-secret-embedded-restart-0123456';
const CREDITS = 20;
/** Two model calls with AI_CONCURRENCY 1: five questions a call (faq-ai.ts ANSWER_BATCH), then one. */
const QUESTIONS = 6;

/**
 * `npm start` as it ships (docs/adr/038): one process on PGlite in a data directory, the queue
 * inside it. The process is killed with SIGKILL between two model calls of an answer run and
 * started again on the same directory: the run's job resumes from the record, keeping the
 * answers already written, and ends completed, charged once.
 */
describe('the embedded server restarted mid-generation', () => {
  let llm: Awaited<ReturnType<typeof startMockLlm>>;
  let dataDir: string;
  let server: ServerProcess | undefined;
  let token: string;
  let userId: string;

  const start = () =>
    startServerProcess({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // The embedded database, whatever the test run itself uses.
      DATABASE_URL: '',
      JWT_SECRET,
      WEB_DIR: path.join(dataDir, 'no-web'),
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: llm.url,
      AI_CONCURRENCY: '1',
      // The job taken over after the restart is tried again a second later.
      GENERATION_JOB_RETRY_DELAY_SECONDS: '1',
      JOB_SHUTDOWN_GRACE_MS: '2000',
    });

  beforeAll(async () => {
    llm = await startMockLlm({ latencyMs: 5 });
    dataDir = mkdtempSync(path.join(tmpdir(), 'faq-kobo-embedded-restart-'));
    // The user goes straight into the directory's database before the server opens it (one
    // process at a time on PGlite).
    const database = await openPgliteDirectory(path.join(dataDir, 'pglite'), { fresh: true });
    try {
      const [account] = await seedAccounts(database.db, JWT_SECRET, 1, CREDITS);
      ({ token, id: userId } = account!);
    } finally {
      await database.close();
    }
    server = await start();
  }, 180_000);

  afterAll(async () => {
    llm?.releaseWaiting();
    await server?.stop();
    await llm?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (id: string) =>
    (await callAs(token, server!, { method: 'GET', url: `/api/generations/${id}` })).body;

  const until = async <T>(what: string, probe: () => Promise<T | undefined>): Promise<T> => {
    // The takeover waits for the killed process's heartbeat to lapse (10 s) on a busy machine.
    const deadline = Date.now() + 90_000;
    for (;;) {
      const found = await probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      // Not too often: each look is a request to the server doing the work, on two cores.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it('finishes the generation after the restart, keeping what was written, charged once', async () => {
    const created = await callAs(token, server!, {
      method: 'POST',
      url: '/api/generations',
      body: { method: 'url', textInput: longBrochure().slice(0, 4000), faqCount: QUESTIONS + 2 },
    });
    expect(created.status).toBe(202);
    const id = created.body.id;
    const draft = await until('the draft', async () => {
      const record = await get(id);
      return record.stage === 'questions_ready' || record.stage === 'failed' ? record : undefined;
    });
    expect(draft.stage).toBe('questions_ready');
    const questions = draft.questions.slice(0, QUESTIONS);
    expect(questions).toHaveLength(QUESTIONS);

    // Every model call now waits until released: the first is let through, the second is held.
    llm.setOptions({ latencyMs: 10 * 60_000 });
    const started = await callAs(token, server!, {
      method: 'POST',
      url: `/api/generations/${id}/answers`,
      body: { questions },
    });
    expect(started.status).toBe(202);
    await until('the first call', async () => (llm.stats.inFlight >= 1 ? true : undefined));
    llm.releaseWaiting();
    await until('the second call, the first answers written', async () => {
      const record = await get(id);
      return record.items.length >= 5 && llm.stats.inFlight >= 1 ? true : undefined;
    });

    server!.child.kill('SIGKILL');
    await new Promise((resolve) =>
      server!.child.exitCode === null && server!.child.signalCode === null
        ? server!.child.once('exit', resolve)
        : resolve(undefined),
    );
    server = await start();
    // Read before any call is let through: what the killed process had written.
    const left = await get(id);
    expect(left.stage).toBe('answering');
    const written = (left.items as FaqItem[]).filter((item) => !item.failed);
    expect(written.length).toBeGreaterThanOrEqual(5);
    llm.resetStats();
    llm.setOptions({ latencyMs: 5 });
    llm.releaseWaiting();

    const done = await until('the resumed generation', async () => {
      const record = await get(id);
      return record.stage === 'completed' || record.stage === 'failed' ? record : undefined;
    });
    expect(done).toMatchObject({ status: 'completed', stage: 'completed', creditsUsed: QUESTIONS });
    const items = done.items as FaqItem[];
    expect(items.map((item) => item.question)).toEqual(questions);
    expect(items.every((item) => !item.failed)).toBe(true);
    // The answers written before the kill are kept as they were, and not asked again.
    for (const item of written)
      expect(items.find((kept) => kept.question === item.question)?.answer).toBe(item.answer);
    const asked = llm.stats.answerPrompts.join('\n');
    for (const item of written) expect(asked).not.toContain(item.question);

    // The ledger, read from the directory once the server has stopped.
    await server!.stop();
    server = undefined;
    const database = await openPgliteDirectory(path.join(dataDir, 'pglite'), { fresh: false });
    try {
      const ledger = await database.db
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.userId, userId));
      expect(ledger.filter((row) => row.type === 'usage').map((row) => row.amount)).toEqual([
        -QUESTIONS,
      ]);
      const [total] = await database.db
        .select({ total: sum(creditTransactions.amount) })
        .from(creditTransactions)
        .where(eq(creditTransactions.userId, userId));
      const [user] = await database.db.select().from(users).where(eq(users.id, userId));
      expect(user).toMatchObject({ credits: CREDITS - QUESTIONS, reservedCredits: 0 });
      expect(user!.credits).toBe(Number(total!.total));
      const held = await database.db
        .select()
        .from(creditReservations)
        .where(eq(creditReservations.userId, userId));
      expect(held.filter((reservation) => reservation.status === 'held')).toEqual([]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
