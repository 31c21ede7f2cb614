import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import { startMockLlm } from '../../../../tests/fixtures/mock-llm/server.ts';
import { balance, createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { REGENERATION_GAVE_UP } from './answer-regenerate.ts';
import { GENERATION_QUEUES } from './generation.queues.ts';

/** Work on one generation is serialised, and no reservation outlives the work it was for. */
let t: TestApp;
let llm: Awaited<ReturnType<typeof startMockLlm>>;
beforeAll(async () => {
  llm = await startMockLlm({ latencyMs: 150 });
  t = await createTestApp({
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: llm.url,
    // One retry, soon: the tests of a failing model reach the last attempt quickly.
    GENERATION_JOB_RETRIES: '1',
    GENERATION_JOB_RETRY_DELAY_SECONDS: '1',
  });
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

async function completed(credits: number) {
  const user = await seedUser(t.app, { credits });
  const draft = await createDraft(t, user, {
    method: 'url',
    textInput: longBrochure().slice(0, 2000),
    faqCount: 3,
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/generations/${draft.id}/answers`,
    headers: user.headers,
    payload: { questions: draft.questions },
  });
  const done = await waitForStage(t, user, draft.id, ['completed', 'failed']);
  return { user, done };
}

describe('regenerating one answer', () => {
  it('runs one regeneration at a time on a record and charges only the answer kept', async () => {
    const { user, done } = await completed(20);
    const before = await balance(t, user.id);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/generations/${done.id}/items/0/regenerate`,
          headers: user.headers,
        }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const busy = replies.find((reply) => reply.statusCode === 409)!;
    expect(busy.json().error.message).toBe('回答を生成中です。完了までお待ちください');
    const kept = replies.find((reply) => reply.statusCode === 200)!.json();
    const record = await waitForStage(t, user, done.id, ['completed']);
    expect(record.items[0].answer).toBe(kept.answer);
    expect(record.creditsUsed).toBe(done.creditsUsed + 1);
    expect(await balance(t, user.id)).toEqual({ credits: before.credits - 1, reserved: 0 });
  });

  it('does not let an answer run start while a regeneration holds the record', async () => {
    const { user, done } = await completed(20);
    const regeneration = t.app.inject({
      method: 'POST',
      url: `/api/generations/${done.id}/items/1/regenerate`,
      headers: user.headers,
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const answers = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${done.id}/answers`,
      headers: user.headers,
      payload: { questions: done.questions },
    });
    expect(answers.statusCode).toBe(202);
    expect(answers.json().reused).toBe(true);
    expect((await regeneration).statusCode).toBe(200);
    const record = await waitForStage(t, user, done.id, ['completed']);
    expect(record.creditsUsed).toBe(done.creditsUsed + 1);
    expect((await balance(t, user.id)).reserved).toBe(0);
  });
});

/** The regeneration job of a record, read in SQL (the app's own reads of jobs are counted). */
async function regenerationJob(id: string) {
  const result = await t.app.db.execute(
    sql`select id, state, retry_count from pgboss.job
        where name = ${GENERATION_QUEUES.regeneration} and data->>'id' = ${id}`,
  );
  return (result as unknown as { rows: { id: string; state: string; retry_count: number }[] })
    .rows[0];
}

async function untilAttempt(id: string, retryCount: number) {
  for (let tries = 0; tries < 1200; tries++) {
    const job = await regenerationJob(id);
    if (job?.state === 'active' && job.retry_count === retryCount) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`attempt ${retryCount} of the regeneration never started`);
}

describe('the request waiting on its regeneration job', () => {
  it('answers when a model failing every time has used the last attempt, without reading the job on a timer', async () => {
    const { user, done } = await completed(20);
    const before = await balance(t, user.id);
    const reads = vi.spyOn(t.app.jobs.boss, 'findJobs');
    llm.setOptions({ alwaysFail: true });
    try {
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/generations/${done.id}/items/0/regenerate`,
        headers: user.headers,
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({
        answer: done.items[0].answer,
        regenerationFailed: true,
      });
      // The queue tried again after the first attempt, and the request heard the end, not a poll.
      expect((await regenerationJob(done.id))?.retry_count).toBe(1);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
      llm.setOptions({ latencyMs: 150 });
    }
    const record = await waitForStage(t, user, done.id, ['completed']);
    expect(record.items[0].answer).toBe(done.items[0].answer);
    expect(record.creditsUsed).toBe(done.creditsUsed);
    expect(await balance(t, user.id)).toEqual(before);
  }, 120_000);

  it('answers as soon as the dead letter ends a job whose last attempt died, credit released', async () => {
    const { user, done } = await completed(20);
    const before = await balance(t, user.id);
    const reads = vi.spyOn(t.app.jobs.boss, 'findJobs');
    // A model call far longer than the test: only the queue's end of the job can answer the request.
    llm.setOptions({ latencyMs: 600_000 });
    try {
      const started = Date.now();
      const pending = t.app.inject({
        method: 'POST',
        url: `/api/generations/${done.id}/items/1/regenerate`,
        headers: user.headers,
      });
      // Each attempt's process "dies": its claim on the job is failed as supervision would.
      const first = await untilAttempt(done.id, 0);
      await t.app.jobs.boss.fail(GENERATION_QUEUES.regeneration, first.id);
      await untilAttempt(done.id, 1);
      await t.app.jobs.boss.fail(GENERATION_QUEUES.regeneration, first.id);
      const reply = await pending;
      expect(reply.statusCode).toBe(503);
      expect(reply.json().error.message).toBe(REGENERATION_GAVE_UP);
      // Generous: the dead letter is found by its queue's poll; the model would take 10 minutes.
      expect(Date.now() - started).toBeLessThan(90_000);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
      llm.setOptions({ latencyMs: 150 });
    }
    const record = await waitForStage(t, user, done.id, ['completed']);
    expect(record.items[1].answer).toBe(done.items[1].answer);
    expect(record.creditsUsed).toBe(done.creditsUsed);
    expect(await balance(t, user.id)).toEqual(before);
  }, 120_000);
});
