import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import type { ServerProcess } from '../../../../tests/helpers/server-process.ts';
import {
  callAs,
  confirmedAccountVia,
  startProcessCluster,
  type ProcessCluster,
} from '../../../../tests/helpers/generation-processes.ts';
import { creditTransactions, users } from '../../db/schema.ts';

/** Two real server processes on one PostgreSQL database, as behind a load balancer. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('generation across server processes', () => {
  let cluster: ProcessCluster;
  let servers: ServerProcess[] = [];
  let token: string;
  let userId: string;

  beforeAll(async () => {
    cluster = await startProcessCluster({
      name: 'gen',
      jwtSecret: 'two-process-secret-two-process-secret-0123',
      llm: { latencyMs: 300 },
    });
    servers = await Promise.all([cluster.start(), cluster.start()]);
    ({ token, userId } = await confirmedAccountVia(
      servers[0]!,
      cluster.database.db,
      `gen-${Date.now()}@example.jp`,
    ));
  }, 120_000);

  afterAll(() => cluster?.close());

  const call = (
    server: number,
    method: string,
    url: string,
    body?: object,
    headers: Record<string, string> = {},
  ) => callAs(token, servers[server]!, { method, url, headers, ...(body ? { body } : {}) });

  const waitFor = async (id: string, stages: string[]) => {
    for (let attempt = 0; attempt < 400; attempt++) {
      const { body } = await call(attempt % 2, 'GET', `/api/generations/${id}`);
      if (stages.includes(body.stage)) return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`generation ${id} never reached ${stages.join('/')}`);
  };

  const draft = async () => {
    const created = await call(0, 'POST', '/api/generations', {
      method: 'url',
      // Enough content that every question is grounded and each answer is a model call.
      textInput: longBrochure().slice(0, 4000),
      faqCount: 15,
    });
    expect(created.status).toBe(202);
    const ready = await waitFor(created.body.id, ['questions_ready', 'failed']);
    expect(ready.stage).toBe('questions_ready');
    return ready;
  };

  const account = async () => {
    const [row] = await cluster.database.db.select().from(users).where(eq(users.id, userId));
    return { credits: row!.credits, reserved: row!.reservedCredits };
  };

  it('concurrent answer requests on both processes start one run and charge it once', async () => {
    const before = await account();
    const ready = await draft();
    const questions = ready.questions.slice(0, 3);
    const responses = await Promise.all(
      [0, 1, 0, 1, 0, 1].map((server, index) =>
        call(
          server,
          'POST',
          `/api/generations/${ready.id}/answers`,
          { questions },
          index < 2 ? { 'idempotency-key': `same-${ready.id}` } : {},
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([202, 202, 202, 202, 202, 202]);
    expect(responses.filter((response) => response.body.reused === false)).toHaveLength(1);
    const done = await waitFor(ready.id, ['completed', 'failed']);
    expect(done.items).toHaveLength(3);
    expect(done.creditsUsed).toBe(3);
    const retry = await call(
      1,
      'POST',
      `/api/generations/${ready.id}/answers`,
      { questions },
      {
        'idempotency-key': `same-${ready.id}`,
      },
    );
    expect(retry).toEqual({ status: 202, body: { id: ready.id, reused: true } });
    expect(await account()).toEqual({ credits: before.credits - 3, reserved: 0 });
    const usage = await cluster.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId));
    expect(usage.filter((row) => row.type === 'usage').map((row) => row.amount)).toEqual([-3]);
  }, 60_000);

  it('a cancel sent to the other process stops the job and charges only what was produced', async () => {
    const before = await account();
    const ready = await draft();
    const started = await call(0, 'POST', `/api/generations/${ready.id}/answers`, {
      questions: ready.questions.slice(0, 12),
    });
    expect(started.status).toBe(202);
    for (let attempt = 0; attempt < 200; attempt++) {
      if ((await call(1, 'GET', `/api/generations/${ready.id}`)).body.progress > 75) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await call(1, 'POST', `/api/generations/${ready.id}/cancel`)).status).toBe(202);
    const done = await waitFor(ready.id, ['completed', 'failed', 'questions_ready']);
    expect(done.stage).toBe('completed');
    expect(done.message).toMatch(/^中止しました/);
    expect(done.items.length).toBeGreaterThan(0);
    expect(done.items.length).toBeLessThan(12);
    expect(await account()).toEqual({
      credits: before.credits - done.items.length,
      reserved: 0,
    });
  }, 60_000);

  it('parallel regenerations of one answer on both processes run once and charge once', async () => {
    const ready = await draft();
    await call(0, 'POST', `/api/generations/${ready.id}/answers`, {
      questions: ready.questions.slice(0, 2),
    });
    const done = await waitFor(ready.id, ['completed', 'failed']);
    expect(done.stage).toBe('completed');
    const before = await account();
    const responses = await Promise.all(
      [0, 1, 0, 1, 0].map((server) =>
        call(server, 'POST', `/api/generations/${ready.id}/items/0/regenerate`),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const kept = responses.find((response) => response.status === 200)!.body as unknown as {
      answer: string;
    };
    const after = await waitFor(ready.id, ['completed']);
    expect(after.items[0]!.answer).toBe(kept.answer);
    expect(after.creditsUsed).toBe(done.creditsUsed + 1);
    expect(await account()).toEqual({ credits: before.credits - 1, reserved: 0 });
  }, 60_000);
});
