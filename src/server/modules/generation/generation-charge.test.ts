import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { creditTransactions } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const answer = (user: SeededUser, id: string, questions: string[], key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/generations/${id}/answers`,
    headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { questions },
  });

const produced_ = (items: { failed?: boolean }[]) => items.filter((item) => !item.failed).length;

async function usageRows(userId: string) {
  const rows = await t.app.db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  return rows.filter((row) => row.type === 'usage');
}

describe('an answer run is charged once', () => {
  it('three concurrent requests start one run and charge one credit per answer', async () => {
    const user = await seedUser(t.app, { credits: 20 });
    const draft = await createDraft(t, user);
    const approved = draft.questions.slice(0, 3);
    const responses = await Promise.all([1, 2, 3].map(() => answer(user, draft.id, approved)));
    expect(responses.map((response) => response.statusCode)).toEqual([202, 202, 202]);
    const bodies = responses.map((response) => response.json());
    expect(bodies.every((body) => body.id === draft.id)).toBe(true);
    expect(bodies.filter((body) => !body.reused)).toHaveLength(1);
    const done = await waitForStage(t, user, draft.id, ['completed', 'failed']);
    expect(done.items).toHaveLength(3);
    const produced = produced_(done.items);
    expect(done.creditsUsed).toBe(produced);
    expect(await balance(t, user.id)).toEqual({ credits: 20 - produced, reserved: 0 });
    expect((await usageRows(user.id)).map((row) => row.amount)).toEqual([-produced]);
  });

  it('a later call on the completed record returns its run and neither re-runs nor replaces it', async () => {
    const user = await seedUser(t.app, { credits: 20 });
    const draft = await createDraft(t, user);
    expect((await answer(user, draft.id, draft.questions.slice(0, 3))).statusCode).toBe(202);
    const done = await waitForStage(t, user, draft.id, ['completed', 'failed']);
    const again = await answer(user, draft.id, draft.questions.slice(0, 1));
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ id: draft.id, reused: true });
    const after = await waitForStage(t, user, draft.id, ['completed']);
    expect(after.items).toEqual(done.items);
    expect(after.creditsUsed).toBe(done.creditsUsed);
    expect(await balance(t, user.id)).toEqual({ credits: 20 - done.creditsUsed, reserved: 0 });
  });

  it('honours an Idempotency-Key: a retry gets the stored run; the key elsewhere is refused', async () => {
    const user = await seedUser(t.app, { credits: 20 });
    const draft = await createDraft(t, user);
    const approved = draft.questions.slice(0, 2);
    const first = await answer(user, draft.id, approved, 'retry-key-1');
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ id: draft.id, reused: false });
    await waitForStage(t, user, draft.id, ['completed', 'failed']);
    const retry = await answer(user, draft.id, approved, 'retry-key-1');
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toEqual({ id: draft.id, reused: true });
    const charged = (await waitForStage(t, user, draft.id, ['completed'])).creditsUsed;
    expect(await balance(t, user.id)).toEqual({ credits: 20 - charged, reserved: 0 });

    const other = await createDraft(t, user);
    const misuse = await answer(user, other.id, other.questions.slice(0, 1), 'retry-key-1');
    expect(misuse.statusCode).toBe(422);
    expect(misuse.json().error.message).toContain('別のリクエスト');
    const malformed = await answer(user, other.id, other.questions.slice(0, 1), 'キー');
    expect(malformed.statusCode).toBe(400);
    // Keys are per user: another user's identical key is unrelated.
    const stranger = await seedUser(t.app, { credits: 5 });
    const theirs = await createDraft(t, stranger);
    const reused = await answer(stranger, theirs.id, theirs.questions.slice(0, 1), 'retry-key-1');
    expect(reused.json()).toEqual({ id: theirs.id, reused: false });
  });

  it('a refused reservation leaves the draft as it was and can be retried', async () => {
    const user = await seedUser(t.app, { credits: 1 });
    const draft = await createDraft(t, user);
    const refused = await Promise.all(
      [1, 2].map(() => answer(user, draft.id, draft.questions.slice(0, 2))),
    );
    expect(refused.map((response) => response.statusCode)).toEqual([402, 402]);
    expect((await waitForStage(t, user, draft.id, ['questions_ready'])).progress).toBe(40);
    expect((await answer(user, draft.id, draft.questions.slice(0, 1))).statusCode).toBe(202);
    const done = await waitForStage(t, user, draft.id, ['completed']);
    expect(await balance(t, user.id)).toEqual({ credits: 1 - done.creditsUsed, reserved: 0 });
  });

  it('answers unknown, malformed and foreign ids alike with 404', async () => {
    const user = await seedUser(t.app, { credits: 5 });
    const owner = await seedUser(t.app, { credits: 5 });
    const draft = await createDraft(t, owner);
    for (const id of ['not-an-id', 'faq_1_unknown', draft.id]) {
      for (const [method, url, payload] of [
        ['GET', `/api/generations/${id}`, undefined],
        ['DELETE', `/api/generations/${id}`, undefined],
        ['POST', `/api/generations/${id}/answers`, { questions: ['q'] }],
        ['POST', `/api/generations/${id}/questions/regenerate`, undefined],
        ['POST', `/api/generations/${id}/cancel`, undefined],
        ['PATCH', `/api/generations/${id}/items/0`, { answer: 'a' }],
        ['GET', `/api/generations/${id}/events`, undefined],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: user.headers,
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.message).toBe('履歴が見つかりません');
      }
    }
  });
});
