import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../../../tests/fixtures/site/server.ts';
import { createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { faqGenerations } from '../../db/schema.ts';

let t: TestApp;
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: 'true' });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

let minute = 0;
/** Records seeded straight into the table, newest last, as the history would hold them. */
async function seed(
  user: SeededUser,
  values: Partial<typeof faqGenerations.$inferInsert> = {},
): Promise<string> {
  const id = `faq_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await t.app.db.insert(faqGenerations).values({
    id,
    userId: user.id,
    title: 'example.jpのFAQ',
    method: 'url',
    status: 'completed',
    stage: 'completed',
    inputData: JSON.stringify({ url: 'https://example.jp/' }),
    questions: JSON.stringify(['営業時間は？']),
    items: [
      {
        question: '営業時間は？',
        answer: '10時からです。',
        answerSource: 'offline',
        approved: true,
      },
    ],
    createdAt: new Date(Date.parse('2026-05-01T00:00:00Z') + minute++ * 60_000),
    ...values,
  });
  return id;
}

const list = (user: SeededUser, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/generations${query}`, headers: user.headers });
const titles = async (user: SeededUser, query = '') =>
  ((await list(user, query)).json() as { generations: { title: string }[] }).generations.map(
    (record) => record.title,
  );
const rename = (user: SeededUser | null, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/generations/${id}`,
    ...(user ? { headers: user.headers } : {}),
    payload: payload as Record<string, unknown>,
  });

describe('generation titles', () => {
  it('keeps the title typed on the form, and names an untitled text job by its first line', async () => {
    const user = await seedUser(t.app);
    const named = await createDraft(t, user, {
      method: 'url',
      title: '  春の営業案内  ',
      textInput: '営業時間は10時から18時です。定休日は日曜日です。駐車場は5台分あります。',
      faqCount: 3,
    });
    expect(named.title).toBe('春の営業案内');
    const untitled = await createDraft(t, user, {
      method: 'url',
      textInput:
        'パン工房こむぎ\n営業時間は10時から18時です。定休日は日曜日です。駐車場は5台分あります。',
      faqCount: 3,
    });
    expect(untitled.title).toBe('パン工房こむぎのFAQ');
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: user.headers,
      payload: { method: 'url', textInput: '本文です。', title: 'あ'.repeat(101) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('タイトルは100文字以内で入力してください');
  });
});

describe('generation titles from a page', () => {
  it('names a URL job by the page once read, keeps a typed title, and a rename outlives 再生成', async () => {
    const user = await seedUser(t.app);
    const fromPage = await createDraft(t, user, {
      method: 'url',
      url: `${site.url}/`,
      faqCount: 3,
    });
    expect(fromPage.title).toMatch(/^山田ベーカリー.*のFAQ$/);
    const typed = await createDraft(t, user, {
      method: 'url',
      url: `${site.url}/`,
      title: '予約ページのFAQ',
      faqCount: 3,
    });
    expect(typed.title).toBe('予約ページのFAQ');

    expect((await rename(user, fromPage.id, { title: '店頭用FAQ' })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${fromPage.id}/questions/regenerate`,
      headers: user.headers,
    });
    expect(again.statusCode).toBe(202);
    const ready = await waitForStage(t, user, fromPage.id, ['questions_ready', 'failed']);
    expect(ready).toMatchObject({ stage: 'questions_ready', title: '店頭用FAQ' });
  });
});

describe('PATCH /api/generations/:id', () => {
  it('renames the owner’s record, trimmed, and the history shows the new name', async () => {
    const user = await seedUser(t.app);
    const id = await seed(user);
    const response = await rename(user, id, { title: '  店舗案内のFAQ（2026年版）  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, title: '店舗案内のFAQ（2026年版）' });
    expect(await titles(user)).toEqual(['店舗案内のFAQ（2026年版）']);
  });

  it('refuses empty, too long and malformed titles in Japanese, and changes nothing', async () => {
    const user = await seedUser(t.app);
    const id = await seed(user);
    const cases: [unknown, string][] = [
      [{ title: '   ' }, 'タイトルを入力してください'],
      [{}, 'タイトルを入力してください'],
      [{ title: 42 }, 'タイトルを入力してください'],
      [{ title: 'あ'.repeat(101) }, 'タイトルは100文字以内で入力してください'],
    ];
    for (const [payload, message] of cases) {
      const response = await rename(user, id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect(await titles(user)).toEqual(['example.jpのFAQ']);
  });

  it('answers 404 for another user’s record and for a missing one, and 401 signed out', async () => {
    const owner = await seedUser(t.app);
    const stranger = await seedUser(t.app);
    const id = await seed(owner);
    const theirs = await rename(stranger, id, { title: '乗っ取り' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect((await rename(owner, 'faq_1_deadbeef', { title: '無い記録' })).statusCode).toBe(404);
    expect((await rename(null, id, { title: '匿名' })).statusCode).toBe(401);
    expect(await titles(owner)).toEqual(['example.jpのFAQ']);
  });
});

describe('GET /api/generations search and filters', () => {
  it('searches titles (case-insensitive, % and _ as themselves) and filters by status and method', async () => {
    const user = await seedUser(t.app);
    const other = await seedUser(t.app);
    await seed(other, { title: 'パン屋のFAQ' });
    await seed(user, { title: 'パン屋のFAQ' });
    await seed(user, {
      title: 'Bakery 100%のFAQ',
      inputData: JSON.stringify({ url: '', textInput: '…' }),
    });
    await seed(user, {
      title: '歯科医院のFAQ',
      method: 'category',
      inputData: JSON.stringify({ categoryName: '歯科医院' }),
    });
    await seed(user, {
      title: 'パン屋の下書き',
      status: 'generating',
      stage: 'questions_ready',
      items: [],
    });
    await seed(user, {
      title: 'パン屋 失敗',
      status: 'failed',
      stage: 'failed',
      items: [],
      questions: JSON.stringify(['営業時間は？']),
    });

    expect(await titles(user, `?q=${encodeURIComponent('パン屋')}`)).toEqual([
      'パン屋 失敗',
      'パン屋の下書き',
      'パン屋のFAQ',
    ]);
    expect(await titles(user, '?q=bakery')).toEqual(['Bakery 100%のFAQ']);
    expect(await titles(user, `?q=${encodeURIComponent('100%')}`)).toEqual(['Bakery 100%のFAQ']);
    expect(await titles(user, `?q=${encodeURIComponent('%')}`)).toEqual(['Bakery 100%のFAQ']);
    expect(await titles(user, '?q=_')).toEqual([]);
    expect(await titles(user, '?status=draft')).toEqual(['パン屋の下書き']);
    expect(await titles(user, '?status=failed')).toEqual(['パン屋 失敗']);
    expect(await titles(user, '?method=text')).toEqual(['Bakery 100%のFAQ']);
    expect(await titles(user, '?method=category')).toEqual(['歯科医院のFAQ']);
    expect(
      await titles(user, `?method=url&status=completed&q=${encodeURIComponent('パン')}`),
    ).toEqual(['パン屋のFAQ']);
  });

  it('refuses unknown filters with a Japanese 400', async () => {
    const user = await seedUser(t.app);
    for (const [query, message] of [
      ['?status=done', '状態の指定が正しくありません'],
      ['?method=pdf', '作成方法の指定が正しくありません'],
      ['?emptyFailures=all', '失敗した作成の表示方法の指定が正しくありません'],
      [`?q=${'あ'.repeat(101)}`, '検索語は100文字以内で入力してください'],
    ]) {
      const response = await list(user, query);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('counts attempts that produced nothing and keeps them out when asked to hide them', async () => {
    const user = await seedUser(t.app);
    await seed(user, { title: '完了したFAQ' });
    for (const title of ['打ち間違いのURL', 'もう一つの失敗']) {
      await seed(user, {
        title,
        status: 'failed',
        stage: 'failed',
        items: [],
        questions: '[]',
      });
    }
    // A failure that left questions behind produced something: it stays in view.
    await seed(user, {
      title: '質問は残った失敗',
      status: 'failed',
      stage: 'failed',
      items: [],
    });

    const hidden = await list(user, '?emptyFailures=hide');
    expect(hidden.json()).toMatchObject({ emptyFailures: 2 });
    expect(await titles(user, '?emptyFailures=hide')).toEqual(['質問は残った失敗', '完了したFAQ']);
    expect(await titles(user, '?emptyFailures=only')).toEqual([
      'もう一つの失敗',
      '打ち間違いのURL',
    ]);
    expect(await titles(user)).toHaveLength(4);
    // The count follows the search: a search that matches none of them reports none.
    expect(
      (await list(user, `?emptyFailures=hide&q=${encodeURIComponent('完了')}`)).json(),
    ).toMatchObject({
      emptyFailures: 0,
    });
  });
});
