import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../../../tests/fixtures/site/server.ts';
import { balance, waitForStage as waitForStageIn } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { startMockLlm } from '../../../../tests/fixtures/mock-llm/server.ts';

/** Generation through the real provider code (AI SDK) against the local test model server. */
// Up to 20 s: model runs and crawls on a busy machine.
const waitForStage = (t: TestApp, user: SeededUser, id: string, stages: string[]) =>
  waitForStageIn(t, user, id, stages, 400);

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site.close();
});

describe('generation through the real provider code against the mock LLM', () => {
  let t: TestApp;
  let llm: Awaited<ReturnType<typeof startMockLlm>>;
  beforeAll(async () => {
    llm = await startMockLlm({ latencyMs: 20 });
    t = await createTestApp({
      FETCH_ALLOW_PRIVATE: 'true',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: llm.url,
      AI_CONCURRENCY: '4',
      // A failing provider's run ends at once here; the queue's retries: generation-jobs.test.ts.
      GENERATION_JOB_RETRIES: '0',
    });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('generates questions and answers, retries 429s, never exceeds the concurrency limit', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    llm.setOptions({ latencyMs: 20, rateLimitFirst: 2 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: user.headers,
      payload: {
        method: 'url',
        url: `${site.url}/`,
        includeSubpages: true,
        faqCount: 15,
        ai: { provider: 'auto' },
      },
    });
    const ready = await waitForStage(t, user, created.json().id, ['questions_ready', 'failed']);
    expect(ready.stage).toBe('questions_ready');
    expect(ready.engine).toBe('openai:gpt-4o-mini');
    expect(ready.questions).toHaveLength(15);
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${ready.id}/answers`,
      headers: user.headers,
      payload: { questions: ready.questions.slice(0, 12) },
    });
    const done = await waitForStage(t, user, ready.id, ['completed', 'failed']);
    expect(done.stage).toBe('completed');
    expect(
      done.items.every((item: { answerSource: string }) => item.answerSource === 'ai_direct'),
    ).toBe(true);
    expect(done.creditsUsed).toBe(12);
    expect(llm.stats.maxInFlight).toBeLessThanOrEqual(4);
    // 12 answers in batches of at most 5: far fewer calls than questions.
    expect(llm.stats.byKind.answers).toBeLessThan(12);
  });

  it('a model writing half a character (a lone surrogate) still completes the record', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    llm.setOptions({ loneSurrogates: true });
    try {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/generations',
        headers: user.headers,
        payload: {
          method: 'url',
          textInput: '営業時間は10時から18時です。定休日は日曜日です。駐車場は5台分あります。',
          faqCount: 3,
          ai: { provider: 'auto' },
        },
      });
      const ready = await waitForStage(t, user, created.json().id, ['questions_ready', 'failed']);
      expect(ready.stage, ready.message).toBe('questions_ready');
      await t.app.inject({
        method: 'POST',
        url: `/api/generations/${ready.id}/answers`,
        headers: user.headers,
        payload: { questions: ready.questions },
      });
      const done = await waitForStage(t, user, ready.id, ['completed', 'failed']);
      expect(done.stage).toBe('completed');
      // Stored as the replacement character, never as half of one.
      const answers = done.items.map((item: { answer: string }) => item.answer);
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.every((answer: string) => answer.isWellFormed())).toBe(true);
    } finally {
      llm.setOptions({});
    }
  });

  it('answers a category with several experts and an integrated answer', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    llm.setOptions({});
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: user.headers,
      payload: {
        method: 'category',
        categoryName: '相続',
        responders: ['弁護士', '税理士'],
        faqCount: 5,
      },
    });
    const ready = await waitForStage(t, user, created.json().id, ['questions_ready', 'failed']);
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${ready.id}/answers`,
      headers: user.headers,
      payload: { questions: ready.questions.slice(0, 2) },
    });
    const done = await waitForStage(t, user, ready.id, ['completed', 'failed']);
    expect(done.items[0].expertAnswers.map((item: { expert: string }) => item.expert)).toEqual([
      '弁護士',
      '税理士',
    ]);
    expect(done.items[0].integratedAnswer).toBeTruthy();
    expect(done.items[0].model).toBe('openai:gpt-4o-mini');
    expect(done.creditsUsed).toBe(2);
  });

  it('charges nothing for answers that fail', async () => {
    const user = await seedUser(t.app, { credits: 20 });
    llm.setOptions({});
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: user.headers,
      payload: { method: 'url', textInput: '当店の営業時間は10時から20時です。', faqCount: 5 },
    });
    const ready = await waitForStage(t, user, created.json().id, ['questions_ready', 'failed']);
    llm.setOptions({ alwaysFail: true });
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${ready.id}/answers`,
      headers: user.headers,
      payload: { questions: ready.questions.slice(0, 3) },
    });
    const done = await waitForStage(t, user, ready.id, ['completed', 'failed']);
    expect(
      done.items.every((item: { answer: string }) => item.answer === '回答の生成に失敗しました'),
    ).toBe(true);
    expect(done.creditsUsed).toBe(0);
    expect(await balance(t, user.id)).toEqual({ credits: 20, reserved: 0 });
    llm.setOptions({});
  }, 60_000);
});
