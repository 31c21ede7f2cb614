import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import { startMockLlm } from '../../../../tests/fixtures/mock-llm/server.ts';
import { balance, createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import type { FaqItem } from '../../../shared/generations.ts';
import { creditTransactions, faqGenerations } from '../../db/schema.ts';
import { reserveCredits } from '../credits/ledger.ts';
import { GENERATION_QUEUES, type AnswerJob } from './generation.queues.ts';

/**
 * Generation work as jobs of the queue (docs/adr/038): a job resumes from what its record holds,
 * a busy provider is tried again later, and after the last attempt the dead letter keeps what
 * was produced and releases the rest.
 */
let t: TestApp;
let llm: Awaited<ReturnType<typeof startMockLlm>>;
beforeAll(async () => {
  llm = await startMockLlm({ latencyMs: 5 });
  t = await createTestApp({
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: llm.url,
    GENERATION_JOB_RETRY_DELAY_SECONDS: '1',
  });
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

async function usage(userId: string) {
  const rows = await t.app.db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  return rows.filter((row) => row.type === 'usage').map((row) => row.amount);
}

/**
 * A draft whose answer run was claimed with its credits, as `POST …/answers` leaves it, by a
 * process that then died after writing `written` of the answers.
 */
async function interruptedRun(user: SeededUser, written: FaqItem[], count = 4) {
  llm.setOptions({ latencyMs: 5 });
  const draft = await createDraft(t, user, {
    method: 'url',
    textInput: longBrochure().slice(0, 4000),
    faqCount: 6,
  });
  const questions = draft.questions.slice(0, count);
  const reservation = await reserveCredits(t.app.db, {
    userId: user.id,
    amount: questions.length,
    generationId: draft.id,
  });
  await t.app.db
    .update(faqGenerations)
    .set({
      stage: 'answering',
      status: 'generating',
      progress: 80,
      items: written.map((item, index) => ({ ...item, question: questions[index]! })),
    })
    .where(eq(faqGenerations.id, draft.id));
  const job: AnswerJob = { id: draft.id, reservationId: reservation.id, questions };
  return { id: draft.id, questions, job };
}

const written = (answer: string): FaqItem => ({
  question: '',
  answer,
  answerSource: 'ai_direct',
  approved: true,
  model: 'openai:gpt-4o-mini',
});

describe('generation jobs', () => {
  it('a job taken over after its process died keeps the answers written and asks only the rest', async () => {
    const user = await seedUser(t.app, { credits: 20 });
    const run = await interruptedRun(user, [
      written('前の処理が書いた回答その1'),
      written('その2'),
    ]);
    llm.resetStats();
    await t.app.jobs.send(GENERATION_QUEUES.answers, run.job);
    const done = await waitForStage(t, user, run.id, ['completed', 'failed']);
    expect(done.stage).toBe('completed');
    expect(done.items.map((item: FaqItem) => item.question)).toEqual(run.questions);
    expect(done.items[0].answer).toBe('前の処理が書いた回答その1');
    expect(done.items[1].answer).toBe('その2');
    expect(done.items.every((item: FaqItem) => !item.failed)).toBe(true);
    // Only the two unanswered questions went to the model.
    const asked = llm.stats.answerPrompts.join('\n');
    expect(asked).not.toContain(run.questions[0]);
    expect(asked).not.toContain(run.questions[1]);
    expect(asked).toContain(run.questions[2]);
    expect(asked).toContain(run.questions[3]);
    // Charged once, for all four answers.
    expect(done.creditsUsed).toBe(4);
    expect(await usage(user.id)).toEqual([-4]);
    expect(await balance(t, user.id)).toEqual({ credits: 16, reserved: 0 });
  });

  it('a provider answering 429 past its own retries is tried again by the queue, with backoff', async () => {
    const user = await seedUser(t.app, { credits: 20 });
    const draft = await createDraft(t, user, {
      method: 'url',
      textInput: longBrochure().slice(0, 4000),
      faqCount: 3,
    });
    // Every attempt of the first call is refused; the queue's retry a second later is not.
    llm.setOptions({ latencyMs: 5, rateLimitFirst: 4 });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${draft.id}/answers`,
      headers: user.headers,
      payload: { questions: draft.questions },
    });
    expect(started.statusCode).toBe(202);
    const done = await waitForStage(t, user, draft.id, ['completed', 'failed'], 800);
    expect(done.stage).toBe('completed');
    expect(done.items).toHaveLength(draft.questions.length);
    expect(done.items.every((item: FaqItem) => !item.failed)).toBe(true);
    expect(done.creditsUsed).toBe(draft.questions.length);
    const [job] = await t.app.jobs.boss.findJobs(GENERATION_QUEUES.answers, {
      data: { id: draft.id },
    });
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(await balance(t, user.id)).toEqual({
      credits: 20 - draft.questions.length,
      reserved: 0,
    });
  }, 60_000);

  it('after its last attempt, the dead letter keeps and charges what was written, releases the rest and says so', async () => {
    const user = await seedUser(t.app, { credits: 20 });
    const run = await interruptedRun(user, [written('書き終えていた回答')]);
    llm.setOptions({ alwaysFail: true });
    try {
      // No retry left: the attempt that finds the provider down is the last.
      await t.app.jobs.send(GENERATION_QUEUES.answers, run.job, { retryLimit: 0 });
      const done = await waitForStage(t, user, run.id, ['completed', 'failed'], 800);
      expect(done).toMatchObject({ stage: 'completed', status: 'completed', creditsUsed: 1 });
      expect(done.items.map((item: FaqItem) => item.answer)).toEqual(['書き終えていた回答']);
      expect(done.message).toBe(
        '1件の回答を保存しました（1クレジット）。残りの回答は作成できなかったため、クレジットを消費していません',
      );
    } finally {
      llm.setOptions({ latencyMs: 5 });
    }
    expect(await usage(user.id)).toEqual([-1]);
    expect(await balance(t, user.id)).toEqual({ credits: 19, reserved: 0 });
  }, 60_000);

  it('a run dead-lettered with nothing written fails, charged nothing, its questions kept', async () => {
    const user = await seedUser(t.app, { credits: 20 });
    const run = await interruptedRun(user, []);
    await t.app.jobs.send(GENERATION_QUEUES.dead, run.job);
    const done = await waitForStage(t, user, run.id, ['failed', 'completed']);
    expect(done).toMatchObject({ stage: 'failed', status: 'failed', creditsUsed: 0 });
    expect(done.message).toContain('クレジットは消費していません');
    expect(done.questions.length).toBeGreaterThanOrEqual(run.questions.length);
    expect(await balance(t, user.id)).toEqual({ credits: 20, reserved: 0 });
  });
});
