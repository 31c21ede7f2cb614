import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlm } from '../../../../tests/fixtures/mock-llm/server.ts';
import {
  balance,
  createDraft,
  SHOP_TEXT,
  waitForStage,
} from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import {
  EMAIL_NOT_CONFIRMED,
  MODEL_NEEDS_CONFIRMED_EMAIL,
  MODEL_USE_LIMITS,
  QUESTION_PHASES_PER_DAY_REACHED,
  QUESTION_REGENERATIONS_PER_DAY_REACHED,
} from '../../../shared/model-use.ts';
import { faqGenerations, rateLimitBuckets, users } from '../../db/schema.ts';
import { japanDayStart } from '../ai/model-access.ts';

/**
 * The operator's model is used only for confirmed addresses, and free work on it is capped per
 * Japanese day (docs/adr/025); the built-in offline engine stays open to everyone.
 */
let t: TestApp;
let offline: TestApp;
let llm: Awaited<ReturnType<typeof startMockLlm>>;
beforeAll(async () => {
  llm = await startMockLlm();
  t = await createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: llm.url });
  offline = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await offline.close();
  await llm.close();
});

const TEXT_REQUEST = { method: 'url', textInput: SHOP_TEXT, faqCount: 3 };

const create = (app: TestApp, user: SeededUser, payload: object = TEXT_REQUEST) =>
  app.app.inject({ method: 'POST', url: '/api/generations', headers: user.headers, payload });

async function recordsOf(app: TestApp, userId: string) {
  return app.app.db
    .select({ id: faqGenerations.id, stage: faqGenerations.stage })
    .from(faqGenerations)
    .where(eq(faqGenerations.userId, userId));
}

function expectConfirmationNeeded(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({
    error: { code: EMAIL_NOT_CONFIRMED, message: MODEL_NEEDS_CONFIRMED_EMAIL, status: 403 },
  });
}

const setConfirmed = (userId: string, confirmed: boolean) =>
  t.app.db
    .update(users)
    .set({ emailConfirmedAt: confirmed ? new Date() : null })
    .where(eq(users.id, userId));

async function usedToday(key: string) {
  const [row] = await t.app.db
    .select({ count: rateLimitBuckets.count })
    .from(rateLimitBuckets)
    .where(
      and(
        eq(rateLimitBuckets.key, key),
        eq(rateLimitBuckets.windowStart, japanDayStart(new Date())),
      ),
    );
  return row?.count ?? 0;
}

const fillToday = (key: string, count: number) =>
  t.app.db
    .insert(rateLimitBuckets)
    .values({ key, windowStart: japanDayStart(new Date()), count })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
      set: { count },
    });

describe('an unconfirmed address and the model', () => {
  it('cannot start a question phase with the model: 403 in Japanese, nothing stored or called', async () => {
    const user = await seedUser(t.app, { confirmed: false });
    const before = llm.stats.calls;
    for (const payload of [
      TEXT_REQUEST,
      { method: 'category', categoryName: '相続', responders: ['弁護士'], faqCount: 5 },
    ]) {
      expectConfirmationNeeded(await create(t, user, payload));
    }
    expect(await recordsOf(t, user.id)).toEqual([]);
    expect(llm.stats.calls).toBe(before);
    expect(await usedToday(`question-phase-day:${user.id}`)).toBe(0);
  });

  it('may still use the built-in offline engine, which costs the operator nothing', async () => {
    const user = await seedUser(offline.app, { confirmed: false });
    const created = await create(offline, user);
    expect(created.statusCode).toBe(202);
    const ready = await waitForStage(offline, user, created.json().id, ['questions_ready']);
    expect(ready.engine).toBe('offline');
  });

  it('cannot regenerate questions, start answers or regenerate an answer with the model', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const draft = await createDraft(t, user, TEXT_REQUEST);
    const finished = await createDraft(t, user, TEXT_REQUEST);
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${finished.id}/answers`,
      headers: user.headers,
      payload: { questions: finished.questions.slice(0, 1) },
    });
    expect((await waitForStage(t, user, finished.id, ['completed'])).creditsUsed).toBe(1);
    await setConfirmed(user.id, false);
    const before = llm.stats.calls;

    expectConfirmationNeeded(
      await t.app.inject({
        method: 'POST',
        url: `/api/generations/${draft.id}/questions/regenerate`,
        headers: user.headers,
      }),
    );
    expectConfirmationNeeded(
      await t.app.inject({
        method: 'POST',
        url: `/api/generations/${draft.id}/answers`,
        headers: user.headers,
        payload: { questions: draft.questions },
      }),
    );
    expectConfirmationNeeded(
      await t.app.inject({
        method: 'POST',
        url: `/api/generations/${finished.id}/items/0/regenerate`,
        headers: user.headers,
      }),
    );
    expect(llm.stats.calls).toBe(before);
    expect(await balance(t, user.id)).toEqual({ credits: 9, reserved: 0 });
    expect((await waitForStage(t, user, draft.id, ['questions_ready'])).questions).toEqual(
      draft.questions,
    );
  });
});

describe('daily caps on free model work', () => {
  it('counts question phases with the model and refuses the one past the cap with a Japanese 429', async () => {
    const user = await seedUser(t.app);
    const key = `question-phase-day:${user.id}`;
    const first = await create(t, user);
    expect(first.statusCode).toBe(202);
    await waitForStage(t, user, first.json().id, ['questions_ready']);
    expect(await usedToday(key)).toBe(1);

    await fillToday(key, MODEL_USE_LIMITS.questionPhasesPerDay);
    const refused = await create(t, user);
    expect(refused.statusCode).toBe(429);
    const { message } = refused.json().error;
    expect(message).toContain(QUESTION_PHASES_PER_DAY_REACHED);
    expect(message).toMatch(/日本時間の0時（約\d+(時間|分)/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await recordsOf(t, user.id)).toHaveLength(1);
    // Another user's allowance is their own.
    expect((await create(t, await seedUser(t.app))).statusCode).toBe(202);
  });

  it('counts question regenerations apart, and a refused regeneration keeps the draft as it was', async () => {
    const user = await seedUser(t.app);
    const key = `question-regeneration-day:${user.id}`;
    const draft = await createDraft(t, user, TEXT_REQUEST);
    await fillToday(key, MODEL_USE_LIMITS.questionRegenerationsPerDay - 1);
    const allowed = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${draft.id}/questions/regenerate`,
      headers: user.headers,
    });
    expect(allowed.statusCode).toBe(202);
    const again = await waitForStage(t, user, draft.id, ['questions_ready']);
    expect(await usedToday(key)).toBe(MODEL_USE_LIMITS.questionRegenerationsPerDay);

    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${draft.id}/questions/regenerate`,
      headers: user.headers,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toContain(QUESTION_REGENERATIONS_PER_DAY_REACHED);
    const after = await waitForStage(t, user, draft.id, ['questions_ready']);
    expect(after.questions).toEqual(again.questions);
    // New question phases have their own allowance.
    expect((await create(t, user)).statusCode).toBe(202);
  });

  it('does not count the offline engine', async () => {
    const user = await seedUser(offline.app);
    const created = await create(offline, user);
    expect(created.statusCode).toBe(202);
    await waitForStage(offline, user, created.json().id, ['questions_ready']);
    const [row] = await offline.app.db
      .select()
      .from(rateLimitBuckets)
      .where(eq(rateLimitBuckets.key, `question-phase-day:${user.id}`));
    expect(row).toBeUndefined();
  });
});
