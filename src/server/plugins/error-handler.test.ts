import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../tests/helpers/users.ts';

let t: TestApp;
let user: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await seedUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const create = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/generations',
    headers: user.headers,
    payload: body,
  });

describe('validation errors', () => {
  it('show the schema message as is, without the internal field name', async () => {
    const response = await create({ method: 'url', textInput: 'あ'.repeat(100_001) });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message).toBe('テキストは100,000文字以内で入力してください');
    // API clients still get the field's path.
    expect(error.details[0]).toMatchObject({ path: 'textInput' });
  });

  it('name the field in Japanese where the schema has no message of its own', async () => {
    const long = await create({
      method: 'category',
      categoryName: 'あ'.repeat(101),
      responders: ['税理士'],
    });
    expect(long.json().error.message).toBe('カテゴリー名は100文字以内で入力してください');

    const responder = await create({
      method: 'category',
      categoryName: '相続',
      responders: ['あ'.repeat(51)],
    });
    expect(responder.json().error.message).toBe('回答者は50文字以内で入力してください');

    const count = await create({ method: 'url', url: 'https://example.jp/', faqCount: 0 });
    expect(count.json().error.message).toBe('FAQの数は1以上で指定してください');

    const length = await create({
      method: 'url',
      url: 'https://example.jp/',
      answerLength: 'huge',
    });
    expect(length.json().error.message).toBe('回答の長さの値が正しくありません');

    for (const response of [long, responder, count, length]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).not.toMatch(/[a-zA-Z]{4,}/);
    }
  });

  it('keep the specification messages verbatim', async () => {
    const empty = await create({ method: 'url' });
    expect(empty.json().error.message).toBe('URLまたはテキストを入力してください');
  });
});
