import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { faqGenerations, idempotencyKeys } from '../../db/schema.ts';
import { removeExpiredDrafts } from './generation.cleanup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60_000;

async function seedRecord(
  user: SeededUser,
  values: Partial<typeof faqGenerations.$inferInsert> = {},
): Promise<string> {
  const id = `faq_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await t.app.db.insert(faqGenerations).values({
    id,
    userId: user.id,
    title: 'テキストから作成したFAQ',
    method: 'url',
    status: 'generating',
    stage: 'questions_ready',
    progress: 40,
    questions: JSON.stringify(['営業時間を教えてください。']),
    ...values,
  });
  return id;
}

const stageOf = async (id: string) =>
  (await t.app.db.select().from(faqGenerations).where(eq(faqGenerations.id, id)))[0];

describe('drafts', () => {
  it('the history list shows drafts with their stage, and a draft can be deleted', async () => {
    const user = await seedUser(t.app, { credits: 5 });
    const draft = await createDraft(t, user);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/generations',
      headers: user.headers,
    });
    expect(list.json().generations).toEqual([
      expect.objectContaining({
        id: draft.id,
        stage: 'questions_ready',
        questions: draft.questions,
      }),
    ]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/generations/${draft.id}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('drafts untouched for 30 days are removed, other records and newer drafts stay', async () => {
    const user = await seedUser(t.app);
    const now = Date.now();
    const expired = await seedRecord(user, { updatedAt: new Date(now - 31 * DAY) });
    const recent = await seedRecord(user, { updatedAt: new Date(now - 29 * DAY) });
    const completed = await seedRecord(user, {
      stage: 'completed',
      status: 'completed',
      updatedAt: new Date(now - 400 * DAY),
    });
    await t.app.db.insert(idempotencyKeys).values([
      {
        userId: user.id,
        key: 'old',
        scope: 's',
        statusCode: 202,
        response: {},
        createdAt: new Date(now - 2 * DAY),
      },
      { userId: user.id, key: 'new', scope: 's', statusCode: 202, response: {} },
    ]);
    // Two processes cleaning at once: each DELETE is conditional, nothing fails.
    const results = await Promise.all([
      removeExpiredDrafts(t.app.db),
      removeExpiredDrafts(t.app.db),
    ]);
    expect(results.reduce((sum, result) => sum + result.drafts, 0)).toBeGreaterThanOrEqual(1);
    expect(await stageOf(expired)).toBeUndefined();
    expect(await stageOf(recent)).toBeDefined();
    expect(await stageOf(completed)).toBeDefined();
    const keys = await t.app.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, user.id));
    expect(keys.map((row) => row.key)).toEqual(['new']);
  });

  it('regenerating questions replaces them on the same record, from its stored input', async () => {
    const user = await seedUser(t.app, { credits: 5 });
    const draft = await createDraft(t, user);
    await t.app.db
      .update(faqGenerations)
      .set({ questions: JSON.stringify(['古い質問']) })
      .where(eq(faqGenerations.id, draft.id));
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${draft.id}/questions/regenerate`,
      headers: user.headers,
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toEqual({ id: draft.id, reused: false });
    const ready = await waitForStage(t, user, draft.id, ['questions_ready', 'failed']);
    expect(ready.stage).toBe('questions_ready');
    expect(ready.questions).toEqual(draft.questions);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/generations',
      headers: user.headers,
    });
    expect(list.json().generations).toHaveLength(1);

    const category = await createDraft(t, user, {
      method: 'category',
      categoryName: '相続',
      responders: ['税理士'],
      faqCount: 3,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${category.id}/questions/regenerate`,
      headers: user.headers,
    });
    const again = await waitForStage(t, user, category.id, ['questions_ready', 'failed']);
    expect(again).toMatchObject({ stage: 'questions_ready', inputData: { categoryName: '相続' } });
    expect(again.questions).toHaveLength(3);

    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${draft.id}/answers`,
      headers: user.headers,
      payload: { questions: draft.questions.slice(0, 1) },
    });
    await waitForStage(t, user, draft.id, ['completed']);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${draft.id}/questions/regenerate`,
      headers: user.headers,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('この質問は再生成できません');
  });
});

describe('editing an answer', () => {
  it('saves the edit to the record, marked edited, for the owner of a completed record only', async () => {
    const user = await seedUser(t.app, { credits: 5 });
    const draft = await createDraft(t, user);
    const patch = (who: SeededUser, index: number, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/generations/${draft.id}/items/${index}`,
        headers: who.headers,
        payload,
      });
    expect((await patch(user, 0, { answer: '早すぎる編集' })).statusCode).toBe(409);
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${draft.id}/answers`,
      headers: user.headers,
      payload: { questions: draft.questions.slice(0, 2) },
    });
    const done = await waitForStage(t, user, draft.id, ['completed']);
    const saved = await patch(user, 1, { answer: '  10時から18時まで営業しています。 ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      question: done.items[1].question,
      answer: '10時から18時まで営業しています。',
      edited: true,
    });
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/generations/${draft.id}`,
        headers: user.headers,
      })
    ).json();
    expect(detail.items[0]).toEqual(done.items[0]);
    expect(detail.items[1]).toMatchObject({
      answer: '10時から18時まで営業しています。',
      edited: true,
    });
    expect(detail.answers[1]).toBe('10時から18時まで営業しています。');
    expect(detail.creditsUsed).toBe(done.creditsUsed);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/generations', headers: user.headers })
    ).json();
    expect(list.generations[0].items[1].edited).toBe(true);

    const empty = await patch(user, 1, { answer: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('回答を入力してください');
    const long = await patch(user, 1, { answer: 'あ'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('回答は5,000文字以内で入力してください');
    expect((await patch(user, 9, { answer: 'x' })).statusCode).toBe(404);
    const stranger = await seedUser(t.app);
    expect((await patch(stranger, 0, { answer: '乗っ取り' })).statusCode).toBe(404);
  });
});
