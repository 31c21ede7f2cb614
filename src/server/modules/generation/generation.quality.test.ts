import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_CASES,
  OWN_CASE_SETS,
  readCases,
} from '../../../../bench/faq-quality/case-sets.ts';
import { scoreSetOnEngine } from '../../../../bench/faq-quality/engine.ts';
import { generateThroughApi, waitFor } from '../../../../bench/faq-quality/run-case.ts';
import { isMalformedQuestion } from '../../../../bench/faq-quality/score.ts';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import { startMockLlm } from '../../../../tests/fixtures/mock-llm/server.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { closeEnginePool } from '../ai/engine-pool.ts';

/**
 * FAQ quality: the measured figures on the engine itself, as the product calls it (in its
 * child), and the long document through the API, as a user gets it.
 */
describe('FAQ quality of the offline engine', () => {
  afterAll(() => {
    closeEnginePool();
  });

  // A set's file missing fails its test: the sets and the figures' definitions (README.md) are
  // in bench/faq-quality.
  it('meets every figure of the quality bench on the development texts', async () => {
    const figures = await scoreSetOnEngine(readCases(DEVELOPMENT_CASES));
    expect(figures.filter((figure) => !figure.met)).toEqual([]);
  });

  // The project's own sets, written without sight of the engine (bench/faq-quality/cases).
  it.each(OWN_CASE_SETS)(
    'meets every figure of the quality bench on the $name texts',
    async ({ file }) => {
      const figures = await scoreSetOnEngine(readCases(file));
      expect(figures.filter((figure) => !figure.met)).toEqual([]);
    },
  );
});

describe('FAQ quality through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes 100 distinct grounded FAQs from a 60,000-character document', async () => {
    const text = longBrochure();
    expect(text.length).toBeGreaterThanOrEqual(60_000);
    const user = await seedUser(t.app, { credits: 200 });
    const run = await generateThroughApi(t.app, user.headers, {
      text,
      count: 100,
      length: 'medium',
    });
    expect(run.questions).toHaveLength(100);
    expect(new Set(run.questions).size).toBe(100);
    expect(run.questions.filter(isMalformedQuestion)).toEqual([]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/generations',
      headers: user.headers,
    });
    const record = await waitFor(t.app, user.headers, list.json().generations[0].id, ['completed']);
    const grounded = record.items.filter(
      (item) => !item.failed && item.evidence && text.includes(item.evidence),
    );
    expect(grounded.length).toBeGreaterThanOrEqual(90);
    for (const item of record.items) {
      const sentences = item.answer
        .replace(/^(はい|いいえ)、/, '')
        .split(/(?<=。)/)
        .filter(Boolean);
      expect(new Set(sentences).size, item.answer).toBe(sentences.length);
      expect(item.answer).toContain(item.evidence!.replace(/。$/, ''));
    }
    expect(record.creditsUsed).toBe(record.items.filter((item) => !item.failed).length);
  }, 120_000);

  it('says how many questions the content held when it holds fewer than asked', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const run = await generateThroughApi(t.app, user.headers, {
      text: '営業時間は10時から18時です。定休日は日曜日です。駐車場は5台分あります。',
      count: 15,
      length: 'short',
    });
    expect(run.questions).toHaveLength(3);
    expect(run.message).toContain('3件の質問を作成しました（ご指定は15件）');
    expect(run.creditsUsed).toBe(3);
  });
});

describe('model engines: top-up, grounding and fail-over', () => {
  let t: TestApp;
  let failing: Awaited<ReturnType<typeof startMockLlm>>;
  let healthy: Awaited<ReturnType<typeof startMockLlm>>;
  beforeAll(async () => {
    failing = await startMockLlm({ latencyMs: 5, alwaysFail: true });
    healthy = await startMockLlm({ latencyMs: 5 });
    t = await createTestApp({
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: failing.url,
      OPENAI_COMPATIBLE_BASE_URL: healthy.url,
      OPENAI_COMPATIBLE_MODEL: 'local-model',
    });
  });
  afterAll(async () => {
    await t.close();
    await failing.close();
    await healthy.close();
  });

  it('answers from the next configured provider when the first fails, and records which', async () => {
    const user = await seedUser(t.app, { credits: 100 });
    const text = longBrochure().slice(0, 8000);
    const run = await generateThroughApi(t.app, user.headers, { text, count: 30, length: 'short' });
    // Top-up rounds fill the count although each call returns only a few new questions.
    expect(run.questions).toHaveLength(30);
    expect(failing.stats.calls).toBeGreaterThan(0);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/generations',
      headers: user.headers,
    });
    const record = await waitFor(t.app, user.headers, list.json().generations[0].id, ['completed']);
    expect(record.items.every((item) => !item.failed)).toBe(true);
    for (const item of record.items as { question: string; evidence?: string; model?: string }[]) {
      expect(item.model).toBe('openai-compatible:local-model');
      // Every answer's prompt held the passage it cites.
      const prompt = healthy.stats.answerPrompts.find((entry) => entry.includes(item.question));
      expect(prompt).toContain(item.evidence);
    }
  }, 120_000);

  it("tells the model what this sector's customers ask, to ask those first", async () => {
    const user = await seedUser(t.app, { credits: 20 });
    healthy.resetStats();
    healthy.setOptions({ latencyMs: 5 });
    const text = [
      '当院は整体院です。施術は予約制で、初診の方は問診票をご記入ください。',
      '施術料は60分6,000円です。保険診療は行っておりません。',
    ].join('\n');
    await generateThroughApi(t.app, user.headers, { text, count: 3, length: 'short' });
    expect(healthy.stats.questionPrompts.length).toBeGreaterThan(0);
    for (const prompt of healthy.stats.questionPrompts) {
      expect(prompt).toContain('この業種のお客様がよく尋ねることの例です');
      expect(prompt).toContain('キャンセル料はかかりますか？');
    }
  });

  it('asks once more for answers far outside the chosen length', async () => {
    const user = await seedUser(t.app, { credits: 20 });
    healthy.resetStats();
    healthy.setOptions({ latencyMs: 5, shortAnswersFirst: 1 });
    const run = await generateThroughApi(t.app, user.headers, {
      text: longBrochure().slice(0, 3000),
      count: 3,
      length: 'short',
    });
    expect(run.faqs).toHaveLength(3);
    for (const faq of run.faqs) expect(faq.answer.length).toBeGreaterThanOrEqual(80 * 0.7);
    // Three questions make one answer call; the short answers were asked for once more.
    expect(healthy.stats.byKind.answers).toBe(2);
    healthy.setOptions({ latencyMs: 5 });
  }, 60_000);
});
