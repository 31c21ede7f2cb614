import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaqItem } from '../../../shared/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { faqGenerations } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BASE_TIME = Date.parse('2026-04-01T00:00:00Z');

/** Records are seeded straight into the table: creating them is the generation module's job. */
async function seedGeneration(
  user: SeededUser,
  values: Partial<typeof faqGenerations.$inferInsert> & { minutes?: number } = {},
): Promise<string> {
  const { minutes = 0, ...rest } = values;
  const id = `faq_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await t.app.db.insert(faqGenerations).values({
    id,
    userId: user.id,
    title: 'example.jp のFAQ',
    method: 'url',
    status: 'completed',
    stage: 'completed',
    progress: 100,
    message: 'FAQの生成が完了しました',
    createdAt: new Date(BASE_TIME + minutes * 60_000),
    ...rest,
  });
  return id;
}

const request = (user: SeededUser | null, method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({ method, url, ...(user ? { headers: user.headers } : {}) });

describe('GET /api/generations', () => {
  it('requires a signed-in user', async () => {
    const response = await request(null, 'GET', '/api/generations');
    expect(response.statusCode).toBe(401);
  });

  it('answers an empty page for a user without records', async () => {
    const user = await seedUser(t.app);
    const response = await request(user, 'GET', '/api/generations');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ generations: [], nextCursor: null, emptyFailures: 0 });
  });

  it('returns parsed JSON fields and leaves progress details to the single read', async () => {
    const user = await seedUser(t.app);
    const items: FaqItem[] = [
      {
        question: '相続税はかかりますか？',
        answer: '基礎控除額を確認しましょう。',
        answerSource: 'synthesized',
        approved: true,
        expertAnswers: [{ expert: '税理士', answer: '基礎控除を超えるとかかります。' }],
        integratedAnswer: '基礎控除額を確認しましょう。',
      },
    ];
    await seedGeneration(user, {
      title: '相続のFAQ',
      method: 'category',
      inputData: JSON.stringify({
        categoryName: '相続',
        responders: ['税理士'],
        major: '法律',
        medium: '相続',
        minor: '相続税',
      }),
      questions: JSON.stringify(['相続税はかかりますか？']),
      answers: JSON.stringify(['基礎控除額を確認しましょう。']),
      items,
      creditsUsed: 1,
      crawlReport: [{ url: 'https://example.jp/', outcome: 'used' }],
    });
    const [record] = (await request(user, 'GET', '/api/generations')).json().generations;
    expect(record).toMatchObject({
      title: '相続のFAQ',
      method: 'category',
      status: 'completed',
      inputData: { categoryName: '相続', major: '法律', medium: '相続', minor: '相続税' },
      questions: ['相続税はかかりますか？'],
      answers: ['基礎控除額を確認しましょう。'],
      items,
      creditsUsed: 1,
      createdAt: '2026-04-01T00:00:00.000Z',
    });
    expect(record).not.toHaveProperty('crawlReport');
    expect(record).not.toHaveProperty('questionSources');
  });

  it('pages 50 at a time, newest first, own records only, ties broken by id', async () => {
    const owner = await seedUser(t.app);
    const other = await seedUser(t.app);
    const ids: string[] = [];
    for (let index = 0; index < 115; index++) {
      // Groups of three share a timestamp: the cursor must not skip or repeat ties.
      ids.push(await seedGeneration(owner, { minutes: Math.floor(index / 3), title: `#${index}` }));
      if (index % 10 === 0) await seedGeneration(other, { minutes: index, title: 'other' });
    }
    const seen: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/generations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await request(owner, 'GET', url);
      expect(response.statusCode).toBe(200);
      const body = response.json() as {
        generations: { id: string; createdAt: string; title: string }[];
        nextCursor: string | null;
      };
      pageSizes.push(body.generations.length);
      seen.push(...body.generations.map((generation) => generation.id));
      expect(body.generations.every((generation) => generation.title !== 'other')).toBe(true);
      cursor = body.nextCursor;
    } while (cursor);
    expect(pageSizes).toEqual([50, 50, 15]);
    expect(new Set(seen).size).toBe(115);
    const expected = [...ids].sort((a, b) => {
      const minutes = (id: string) => Math.floor(ids.indexOf(id) / 3);
      return minutes(b) - minutes(a) || (a < b ? 1 : -1);
    });
    expect(seen).toEqual(expected);
  });

  it('rejects a cursor it did not issue', async () => {
    const user = await seedUser(t.app);
    const response = await request(user, 'GET', '/api/generations?cursor=not-a-cursor');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('ページの指定が正しくありません');
  });

  it('survives malformed stored JSON instead of failing the whole page', async () => {
    const user = await seedUser(t.app);
    await seedGeneration(user, {
      inputData: '{broken',
      questions: 'not json',
      answers: JSON.stringify({ not: 'a list' }),
      items: [
        { question: '残る質問', answer: '残る回答', approved: 'yes' },
        { question: 42 },
        'garbage',
      ],
    });
    const response = await request(user, 'GET', '/api/generations');
    expect(response.statusCode).toBe(200);
    const [record] = response.json().generations;
    expect(record).toMatchObject({ inputData: {}, questions: [], answers: [] });
    expect(record.items).toEqual([
      { question: '残る質問', answer: '残る回答', answerSource: 'fallback', approved: true },
    ]);
  });
});

describe('GET /api/generations/:id', () => {
  it('returns the own record with its progress, items and crawl report', async () => {
    const user = await seedUser(t.app);
    const id = await seedGeneration(user, {
      status: 'generating',
      stage: 'answering',
      progress: 75,
      message: '回答を生成中...（1/3）',
      crawlReport: [
        { url: 'https://example.jp/robots', outcome: 'skipped', message: 'robots.txt' },
      ],
    });
    const response = await request(user, 'GET', `/api/generations/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      stage: 'answering',
      progress: 75,
      message: '回答を生成中...（1/3）',
      items: [],
      crawlReport: [
        { url: 'https://example.jp/robots', outcome: 'skipped', message: 'robots.txt' },
      ],
    });
  });

  it("answers another user's record, an unknown id and a malformed id with the same 404", async () => {
    const owner = await seedUser(t.app);
    const stranger = await seedUser(t.app);
    const id = await seedGeneration(owner);
    for (const url of [
      `/api/generations/${id}`,
      '/api/generations/faq_0_doesnotexist',
      '/api/generations/..%2Fadmin',
      '/api/generations/faq_x%20y',
    ]) {
      const response = await request(stranger, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.message, url).toBe('履歴が見つかりません');
    }
  });

  it('requires a signed-in user', async () => {
    const owner = await seedUser(t.app);
    const id = await seedGeneration(owner);
    expect((await request(null, 'GET', `/api/generations/${id}`)).statusCode).toBe(401);
  });
});

describe('DELETE /api/generations/:id', () => {
  it('deletes the own record (204), after which it is gone from the list and the read', async () => {
    const user = await seedUser(t.app);
    const kept = await seedGeneration(user, { minutes: 1 });
    const id = await seedGeneration(user, { minutes: 2 });
    const response = await request(user, 'DELETE', `/api/generations/${id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await request(user, 'GET', `/api/generations/${id}`)).statusCode).toBe(404);
    const list = (await request(user, 'GET', '/api/generations')).json().generations;
    expect(list.map((generation: { id: string }) => generation.id)).toEqual([kept]);
    expect((await request(user, 'DELETE', `/api/generations/${id}`)).statusCode).toBe(404);
  });

  it("refuses another user's record with 404 and leaves it in place", async () => {
    const owner = await seedUser(t.app);
    const stranger = await seedUser(t.app);
    const id = await seedGeneration(owner);
    const response = await request(stranger, 'DELETE', `/api/generations/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('履歴が見つかりません');
    const rows = await t.app.db.select().from(faqGenerations).where(eq(faqGenerations.id, id));
    expect(rows).toHaveLength(1);
    expect((await request(null, 'DELETE', `/api/generations/${id}`)).statusCode).toBe(401);
  });

  it('answers a malformed id with 404', async () => {
    const user = await seedUser(t.app);
    const response = await request(user, 'DELETE', '/api/generations/not-an-id');
    expect(response.statusCode).toBe(404);
  });
});
