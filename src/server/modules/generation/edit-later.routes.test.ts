import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDIT_NOTHING_GIVEN, type FaqItem } from '../../../shared/generations.ts';
import { createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { faqGenerations } from '../../db/schema.ts';

/**
 * Edit later (issue 24 §5): a finished record's FAQ opened again from the history takes the
 * owner's wording of a question as well as of an answer, and keeps each through a new read.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const patch = (who: SeededUser, id: string, index: number, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/generations/${id}/items/${index}`,
    headers: who.headers,
    payload,
  });

const read = async (who: SeededUser, id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/generations/${id}`, headers: who.headers })
  ).json() as { items: FaqItem[]; answers: string[]; questions: string[]; creditsUsed: number };

async function completed(user: SeededUser) {
  const draft = await createDraft(t, user);
  await t.app.inject({
    method: 'POST',
    url: `/api/generations/${draft.id}/answers`,
    headers: user.headers,
    payload: { questions: draft.questions.slice(0, 2) },
  });
  const done = await waitForStage(t, user, draft.id, ['completed']);
  return done as unknown as { id: string; items: FaqItem[]; creditsUsed: number };
}

describe('editing a finished FAQ later', () => {
  it('saves a reworded question alone, keeping its answer, and both together', async () => {
    const user = await seedUser(t.app, { credits: 5 });
    const done = await completed(user);

    const renamed = await patch(user, done.id, 0, { question: '  営業時間を教えてください ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      question: '営業時間を教えてください',
      answer: done.items[0]!.answer,
      edited: true,
    });

    const both = await patch(user, done.id, 1, {
      question: '駐車場はありますか',
      answer: '店舗の裏に5台分あります。',
    });
    expect(both.statusCode).toBe(200);

    // A new read (a reload of the editor, the history) shows both edits.
    const again = await read(user, done.id);
    expect(again.items[0]).toMatchObject({
      question: '営業時間を教えてください',
      answer: done.items[0]!.answer,
      edited: true,
    });
    expect(again.items[1]).toMatchObject({
      question: '駐車場はありますか',
      answer: '店舗の裏に5台分あります。',
      edited: true,
    });
    expect(again.answers).toEqual([done.items[0]!.answer, '店舗の裏に5台分あります。']);
    expect(again.creditsUsed).toBe(done.creditsUsed);

    // A later answer edit leaves the reworded question as it is.
    expect((await patch(user, done.id, 0, { answer: '10時から18時までです。' })).statusCode).toBe(
      200,
    );
    expect((await read(user, done.id)).items[0]).toMatchObject({
      question: '営業時間を教えてください',
      answer: '10時から18時までです。',
    });
  });

  it("keeps the owner's 承認: an FAQ left out of the exports stays out after a new read, not 編集済み", async () => {
    const user = await seedUser(t.app, { credits: 5 });
    const done = await completed(user);
    const dropped = await patch(user, done.id, 1, { approved: false });
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toMatchObject({ question: done.items[1]!.question, approved: false });
    expect(dropped.json().edited).toBeUndefined();
    const again = await read(user, done.id);
    expect(again.items[1]).toEqual({ ...done.items[1], approved: false });
    expect(again.items[0]).toEqual(done.items[0]);

    expect((await patch(user, done.id, 1, { approved: true })).statusCode).toBe(200);
    expect((await read(user, done.id)).items[1]).toEqual(done.items[1]);
    const wrong = await patch(user, done.id, 1, { approved: 'はい' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('承認の指定が正しくありません');
  });

  it('refuses an empty edit, an empty question and an overlong one, in Japanese', async () => {
    const user = await seedUser(t.app, { credits: 5 });
    const done = await completed(user);
    const cases: [object, string][] = [
      [{}, EDIT_NOTHING_GIVEN],
      [{ question: '   ' }, '質問を入力してください'],
      [{ question: 'あ'.repeat(501) }, '質問は500文字以内で入力してください'],
    ];
    for (const [payload, message] of cases) {
      const response = await patch(user, done.id, 0, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await read(user, done.id)).items[0]).toEqual(done.items[0]);

    // Someone else's record is not found, whatever the edit.
    const stranger = await seedUser(t.app, { credits: 0 });
    expect((await patch(stranger, done.id, 0, { question: '乗っ取り' })).statusCode).toBe(404);
  });

  it('edits the questions of a record stopped with answers kept; a failed answer stays failed', async () => {
    const user = await seedUser(t.app, { credits: 0 });
    const id = `faq_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const items: FaqItem[] = [
      {
        question: '予約は必要ですか？',
        answer: '予約は不要です。',
        answerSource: 'ai_direct',
        approved: true,
      },
      {
        question: '支払い方法は？',
        answer: '回答の生成に失敗しました',
        answerSource: 'fallback',
        approved: false,
        failed: true,
      },
    ];
    await t.app.db.insert(faqGenerations).values({
      id,
      userId: user.id,
      title: '中止したFAQ',
      method: 'url',
      status: 'cancelled',
      stage: 'completed',
      progress: 100,
      message: '中止しました。作成済みの1件を保存しました（1クレジット）',
      questions: JSON.stringify(items.map((item) => item.question)),
      answers: JSON.stringify(items.map((item) => item.answer)),
      items,
      creditsUsed: 1,
    });

    expect((await patch(user, id, 0, { question: '予約はいりますか？' })).statusCode).toBe(200);
    expect((await patch(user, id, 1, { question: '支払いに使えるものは？' })).statusCode).toBe(200);
    const again = await read(user, id);
    expect(again.items[0]).toMatchObject({ question: '予約はいりますか？', edited: true });
    // Rewording the question makes no answer: the item is still one to answer or regenerate.
    expect(again.items[1]).toMatchObject({
      question: '支払いに使えるものは？',
      failed: true,
      approved: false,
    });
  });
});
