import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Generation, UnansweredIntent } from '../../../shared/generations.ts';
import { balance, createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { creditTransactions, faqGenerations } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const read = async (user: SeededUser, id: string): Promise<Generation> =>
  (
    await t.app.inject({ method: 'GET', url: `/api/generations/${id}`, headers: user.headers })
  ).json();

const add = (user: SeededUser | null, id: string, intentId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/generations/${id}/unanswered/${intentId}`,
    ...(user ? { headers: user.headers } : {}),
    payload,
  });

const ledger = async (user: SeededUser) =>
  t.app.db.select().from(creditTransactions).where(eq(creditTransactions.userId, user.id));

/** A finished record made from the shop text (hours, closed days, parking, booking, payment). */
async function completedFromText(user: SeededUser): Promise<Generation> {
  const draft = await createDraft(t, user);
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/generations/${draft.id}/answers`,
    headers: user.headers,
    payload: { questions: draft.questions.slice(0, 2) },
  });
  expect(started.statusCode).toBe(202);
  const done = await waitForStage(t, user, draft.id, ['completed', 'failed']);
  expect(done.stage).toBe('completed');
  return done as Generation;
}

const ids = (intents: UnansweredIntent[] | undefined) => (intents ?? []).map((intent) => intent.id);

describe('questions the page does not answer', () => {
  it('are read from the text at the question stage and kept on the record', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const draft = (await createDraft(t, user)) as unknown as Generation;
    // The text says nothing about cancelling or where the shop is, and answers the rest.
    expect(ids(draft.unansweredIntents)).toEqual(
      expect.arrayContaining(['cancellation', 'access']),
    );
    expect(ids(draft.unansweredIntents)).not.toContain('hours');
    expect(ids(draft.unansweredIntents)).not.toContain('parking');
    for (const intent of draft.unansweredIntents ?? []) {
      expect(intent.question).toMatch(/[？。]$/);
      expect(intent.answeredItemIndex).toBeUndefined();
    }
    const [row] = await t.app.db
      .select({ stored: faqGenerations.unansweredIntents })
      .from(faqGenerations)
      .where(eq(faqGenerations.id, draft.id));
    expect(ids(row!.stored as UnansweredIntent[])).toEqual(ids(draft.unansweredIntents));
  });

  it('become free FAQs when the owner answers them, once each', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const done = await completedFromText(user);
    const before = { balance: await balance(t, user.id), ledger: await ledger(user) };
    const itemsBefore = done.items.length;

    const response = await add(user, done.id, 'access', {
      answer: '  東京都千代田区1-2-3、神田駅から徒歩3分です。 ',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.index).toBe(itemsBefore);
    const asked = done.unansweredIntents!.find((intent) => intent.id === 'access')!.question;
    expect(body.item).toEqual({
      question: asked,
      answer: '東京都千代田区1-2-3、神田駅から徒歩3分です。',
      answerSource: 'owner',
      approved: true,
    });
    expect(body.unansweredIntents.find((i: UnansweredIntent) => i.id === 'access')).toEqual({
      id: 'access',
      question: asked,
      answeredItemIndex: itemsBefore,
    });

    // Nothing was generated, so nothing is charged or written to the ledger.
    expect(await balance(t, user.id)).toEqual(before.balance);
    expect(await ledger(user)).toEqual(before.ledger);

    const after = await read(user, done.id);
    expect(after.items).toHaveLength(itemsBefore + 1);
    expect(after.items[itemsBefore]!.answer).toBe('東京都千代田区1-2-3、神田駅から徒歩3分です。');
    expect(after.answers).toHaveLength(itemsBefore + 1);
    expect(after.creditsUsed).toBe(done.creditsUsed);
    expect(after.unansweredIntents?.find((i) => i.id === 'access')?.answeredItemIndex).toBe(
      itemsBefore,
    );

    const again = await add(user, done.id, 'access', { answer: '別の回答です。' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('この質問はすでにFAQに追加されています');

    // Nothing on the page to generate it from: regenerating it is refused, free.
    const regenerated = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${done.id}/items/${itemsBefore}/regenerate`,
      headers: user.headers,
    });
    expect(regenerated.statusCode).toBe(409);
    expect(regenerated.json().error.message).toBe(
      'ご自身で追加したFAQの回答は再生成できません。回答欄で直接編集してください',
    );
    // It is edited like any answer.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/generations/${done.id}/items/${itemsBefore}`,
      headers: user.headers,
      payload: { answer: '神田駅から徒歩3分です。' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ answerSource: 'owner', edited: true });
    expect(await balance(t, user.id)).toEqual(before.balance);
    expect(await ledger(user)).toEqual(before.ledger);

    // The owner may reword the question.
    const reworded = await add(user, done.id, 'cancellation', {
      answer: '前日までにお電話ください。',
      question: '予約のキャンセルはいつまでできますか？',
    });
    expect(reworded.statusCode).toBe(200);
    expect(reworded.json().item.question).toBe('予約のキャンセルはいつまでできますか？');
    expect((await read(user, done.id)).items).toHaveLength(itemsBefore + 2);
  });

  it('refuse bad input in Japanese and other users’ records as not found', async () => {
    const owner = await seedUser(t.app, { credits: 10 });
    const stranger = await seedUser(t.app, { credits: 10 });
    const done = await completedFromText(owner);

    const empty = await add(owner, done.id, 'access', { answer: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('回答を入力してください');
    const long = await add(owner, done.id, 'access', { answer: 'あ'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('回答は5,000文字以内で入力してください');
    const missing = await add(owner, done.id, 'access', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/回答/);
    const longQuestion = await add(owner, done.id, 'access', {
      answer: '駅前です。',
      question: 'あ'.repeat(501),
    });
    expect(longQuestion.statusCode).toBe(400);
    expect(longQuestion.json().error.message).toBe('質問は500文字以内で入力してください');

    const unknown = await add(owner, done.id, 'no-such-intent', { answer: '駅前です。' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('この質問は見つかりません');
    // An intent the page did answer is not offered either.
    expect((await add(owner, done.id, 'hours', { answer: '9時からです。' })).statusCode).toBe(404);

    const foreign = await add(stranger, done.id, 'access', { answer: '駅前です。' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('履歴が見つかりません');
    expect((await add(owner, 'faq_unknown', 'access', { answer: '駅前です。' })).statusCode).toBe(
      404,
    );
    expect((await add(null, done.id, 'access', { answer: '駅前です。' })).statusCode).toBe(401);

    // None of the refusals changed the record.
    const after = await read(owner, done.id);
    expect(after.items).toHaveLength(done.items.length);
    expect(after.unansweredIntents).toEqual(done.unansweredIntents);
  });

  it('wait for the answers to be made: a draft cannot take them yet', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const draft = await createDraft(t, user);
    const response = await add(user, draft.id, 'access', { answer: '駅前です。' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('FAQの作成が完了してから追加できます');
  });

  it('are not listed for a category record, which has no page', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const id = `faq_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await t.app.db.insert(faqGenerations).values({
      id,
      userId: user.id,
      title: '相続のFAQ',
      method: 'category',
      status: 'completed',
      stage: 'completed',
      // Even a stray stored list is not offered in category mode.
      unansweredIntents: [{ id: 'access', question: '場所はどこですか？' }],
    });
    expect((await read(user, id)).unansweredIntents).toEqual([]);
    expect((await add(user, id, 'access', { answer: '駅前です。' })).statusCode).toBe(404);
  });
});
