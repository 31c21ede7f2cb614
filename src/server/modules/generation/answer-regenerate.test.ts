import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import { startMockLlm } from '../../../../tests/fixtures/mock-llm/server.ts';
import { balance, createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { creditReservations, faqGenerations } from '../../db/schema.ts';
import { reserveCredits } from '../credits/ledger.ts';
import { recoverInterruptedGenerations } from './generation.recovery.ts';

/** Work on one generation is serialised, and no reservation outlives the work it was for. */
let t: TestApp;
let llm: Awaited<ReturnType<typeof startMockLlm>>;
beforeAll(async () => {
  llm = await startMockLlm({ latencyMs: 150 });
  t = await createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: llm.url });
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

describe('start-up recovery', () => {
  it('releases every reservation whose work is not running, whatever started it', async () => {
    const { user, done } = await completed(30);
    // A regeneration cut off by kill -9: the record claimed, one credit held.
    await t.app.db
      .update(faqGenerations)
      .set({ stage: 'answering', updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(faqGenerations.id, done.id));
    await reserveCredits(t.app.db, { userId: user.id, amount: 1, generationId: done.id });
    // A generation deleted mid-answer, then a crash: ten credits held for a record that is gone.
    await reserveCredits(t.app.db, { userId: user.id, amount: 10, generationId: 'faq_1_gone' });
    // A reservation that names no generation at all.
    await reserveCredits(t.app.db, { userId: user.id, amount: 2 });
    expect((await balance(t, user.id)).reserved).toBe(13);

    await recoverInterruptedGenerations(t.app.db, 0);
    expect((await balance(t, user.id)).reserved).toBe(0);
    const record = await waitForStage(t, user, done.id, ['completed']);
    expect(record.items).toHaveLength(done.items.length);
    expect(record.creditsUsed).toBe(done.creditsUsed);
    const held = await t.app.db
      .select()
      .from(creditReservations)
      .where(eq(creditReservations.userId, user.id));
    expect(held.every((reservation) => reservation.status !== 'held')).toBe(true);
  });

  it('leaves the reservation of an answer run that is still working', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    await t.app.db.insert(faqGenerations).values({
      id: 'faq_2_running',
      userId: user.id,
      title: 't',
      method: 'url',
      status: 'generating',
      stage: 'answering',
    });
    await reserveCredits(t.app.db, { userId: user.id, amount: 4, generationId: 'faq_2_running' });
    // Another process's job, heard from a moment ago: not stale for a 5-minute cut-off.
    await recoverInterruptedGenerations(t.app.db, 5 * 60_000);
    expect((await balance(t, user.id)).reserved).toBe(4);
  });
});
