import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import { startMockLlm } from '../../../../tests/fixtures/mock-llm/server.ts';
import { balance, createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { creditTransactions } from '../../db/schema.ts';
import { isWorking } from './running-work.ts';

/**
 * 中止 stops a running job within one model call (issue 24 item 1): the model answers only when
 * the test lets it (a latency far beyond the test's time, ended by releaseWaiting), so a job that
 * waited for its calls, or for the end of a round, would never end here.
 */
let t: TestApp;
let llm: Awaited<ReturnType<typeof startMockLlm>>;
beforeAll(async () => {
  llm = await startMockLlm();
  t = await createTestApp({
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: llm.url,
    AI_CONCURRENCY: '1',
  });
});
afterAll(async () => {
  llm.releaseWaiting();
  await t.close();
  await llm.close();
});

const SLOW = { latencyMs: 600_000 };

const request = (user: SeededUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

async function ledger(userId: string) {
  const rows = await t.app.db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  return {
    usage: rows.filter((row) => row.type === 'usage').map((row) => row.amount),
    sum: rows.reduce((total, row) => total + row.amount, 0),
  };
}

describe('中止 while the model works', () => {
  it('an answer run cancelled at 5 of 10 stops during the next call, keeps and charges the 5', async () => {
    const user = await seedUser(t.app, { credits: 20 });
    llm.setOptions({});
    const draft = await createDraft(t, user, {
      method: 'url',
      textInput: longBrochure().slice(0, 4000),
      faqCount: 10,
    });
    expect(draft.questions).toHaveLength(10);
    llm.setOptions(SLOW);
    const started = await request(user, 'POST', `/api/generations/${draft.id}/answers`, {
      questions: draft.questions,
    });
    expect(started.statusCode).toBe(202);
    expect(await balance(t, user.id)).toEqual({ credits: 20, reserved: 10 });

    // The first call (five answers) is let through; the second then waits on the model.
    await vi.waitFor(() => expect(llm.stats.inFlight).toBe(1), { timeout: 10_000 });
    const callsBefore = llm.stats.calls;
    llm.releaseWaiting();
    await vi.waitFor(
      async () => {
        expect(llm.stats.calls).toBeGreaterThan(callsBefore);
        expect(llm.stats.inFlight).toBe(1);
        const now = (await request(user, 'GET', `/api/generations/${draft.id}`)).json();
        expect(now.message).toBe('回答を生成中...（5/10）');
      },
      { timeout: 10_000, interval: 50 },
    );

    // /generate lists the user's running jobs (with their progress) to come back to them.
    const running = (await request(user, 'GET', '/api/generations/running')).json();
    expect(running.generations).toEqual([
      expect.objectContaining({
        id: draft.id,
        stage: 'answering',
        message: '回答を生成中...（5/10）',
      }),
    ]);
    const stranger = await seedUser(t.app);
    expect((await request(stranger, 'GET', '/api/generations/running')).json()).toEqual({
      generations: [],
    });

    const abortedBefore = llm.stats.aborted;
    const callsAtCancel = llm.stats.calls;
    const cancel = await request(user, 'POST', `/api/generations/${draft.id}/cancel`);
    expect(cancel.statusCode).toBe(202);
    // The call in flight is abandoned, not waited for (it would answer in ten minutes).
    const done = await waitForStage(t, user, draft.id, ['completed', 'failed', 'questions_ready']);
    await vi.waitFor(() => expect(isWorking(draft.id)).toBe(false), { timeout: 10_000 });
    await vi.waitFor(() => expect(llm.stats.aborted).toBeGreaterThan(abortedBefore), {
      timeout: 5_000,
    });
    expect(llm.stats.calls).toBe(callsAtCancel);

    expect(done).toMatchObject({
      status: 'cancelled',
      stage: 'completed',
      creditsUsed: 5,
      cancelRequested: false,
      message: '中止しました。作成済みの5件を保存しました（5クレジット）',
    });
    expect(done.items).toHaveLength(5);
    expect(done.items.every((item: { failed?: boolean }) => !item.failed)).toBe(true);
    // Charged for what was made; the reservation of the five unmade answers is released.
    expect(await balance(t, user.id)).toEqual({ credits: 15, reserved: 0 });
    const { usage, sum } = await ledger(user.id);
    expect(usage).toEqual([-5]);
    expect(sum).toBe(15);

    expect((await request(user, 'GET', '/api/generations/running')).json()).toEqual({
      generations: [],
    });
    // The history has the cancelled status too, and the kept answers can still be edited.
    const list = (await request(user, 'GET', '/api/generations')).json();
    expect(list.generations[0]).toMatchObject({ id: draft.id, status: 'cancelled' });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/generations/${draft.id}/items/0`,
      headers: user.headers,
      payload: { answer: '営業時間は平日10時から19時までです。' },
    });
    expect(edit.statusCode).toBe(200);
  }, 60_000);

  it('an answer run cancelled during its first call keeps nothing, charges nothing, waits at its questions', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    llm.setOptions({});
    const draft = await createDraft(t, user, {
      method: 'url',
      textInput: longBrochure().slice(0, 4000),
      faqCount: 5,
    });
    llm.setOptions(SLOW);
    const inFlightBefore = llm.stats.inFlight;
    await request(user, 'POST', `/api/generations/${draft.id}/answers`, {
      questions: draft.questions,
    });
    await vi.waitFor(() => expect(llm.stats.inFlight).toBeGreaterThan(inFlightBefore), {
      timeout: 10_000,
    });
    expect((await request(user, 'POST', `/api/generations/${draft.id}/cancel`)).statusCode).toBe(
      202,
    );
    const back = await waitForStage(t, user, draft.id, ['completed', 'failed', 'questions_ready']);
    expect(back).toMatchObject({
      stage: 'questions_ready',
      creditsUsed: 0,
      message: '中止しました。回答は作成されていないため、クレジットは消費していません',
    });
    expect(back.questions).toEqual(draft.questions);
    expect(await balance(t, user.id)).toEqual({ credits: 10, reserved: 0 });
    expect((await ledger(user.id)).usage).toEqual([]);
  }, 60_000);

  it('a question phase cancelled while the model writes questions ends at once as cancelled', async () => {
    const user = await seedUser(t.app, { credits: 5 });
    llm.setOptions(SLOW);
    const inFlightBefore = llm.stats.inFlight;
    const created = await request(user, 'POST', '/api/generations', {
      method: 'url',
      textInput: longBrochure().slice(0, 4000),
      faqCount: 8,
    });
    expect(created.statusCode).toBe(202);
    const { id } = created.json();
    await vi.waitFor(() => expect(llm.stats.inFlight).toBeGreaterThan(inFlightBefore), {
      timeout: 10_000,
    });
    const abortedBefore = llm.stats.aborted;
    expect((await request(user, 'POST', `/api/generations/${id}/cancel`)).statusCode).toBe(202);
    const stopped = await waitForStage(t, user, id, ['questions_ready', 'failed']);
    expect(stopped).toMatchObject({
      status: 'cancelled',
      stage: 'failed',
      message: '中止しました',
      error: null,
    });
    await vi.waitFor(() => expect(llm.stats.aborted).toBeGreaterThan(abortedBefore), {
      timeout: 5_000,
    });
    await vi.waitFor(() => expect(isWorking(id)).toBe(false), { timeout: 10_000 });
  }, 60_000);
});
