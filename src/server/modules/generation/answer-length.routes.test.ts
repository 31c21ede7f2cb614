import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';

/** An answer the page cannot fill to the chosen length says so, through the API and history. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// A page of one-line facts: no answer of it can reach 標準's length.
const TERSE = '営業時間は10時から18時です。定休日は日曜日です。駐車場は5台分あります。';

async function answered(length: 'short' | 'medium') {
  const user = await seedUser(t.app, { credits: 10 });
  const draft = await createDraft(t, user, {
    method: 'url',
    textInput: TERSE,
    faqCount: 5,
    answerLength: length,
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

describe('answers shorter than the chosen length', () => {
  it('carry belowLength on each item at 標準, and not at 短め', async () => {
    const medium = await answered('medium');
    expect(medium.done.stage).toBe('completed');
    expect(medium.done.items.length).toBeGreaterThan(0);
    for (const item of medium.done.items) expect(item).toMatchObject({ belowLength: true });

    const short = await answered('short');
    for (const item of short.done.items) expect(item.belowLength).toBeUndefined();
  });

  it('drops the flag once the owner rewrites the answer', async () => {
    const { user, done } = await answered('medium');
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/generations/${done.id}/items/0`,
      headers: user.headers,
      payload: { answer: '平日は10時から18時まで、土曜日は17時まで営業しています。' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().belowLength).toBeUndefined();
    const again = await waitForStage(t, user, done.id, ['completed']);
    expect(again.items[0].belowLength).toBeUndefined();
    expect(again.items[1].belowLength).toBe(true);
  });
});
