import { expectHealthAnsweredThroughout } from '../../../../tests/helpers/health-waits.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REAL_PAGES, readCases } from '../../../../bench/faq-quality/case-sets.ts';
import { generateThroughApi, waitFor } from '../../../../bench/faq-quality/run-case.ts';
import { balance } from '../../../../tests/helpers/generations.ts';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { PASTED_TEXT_MAX_CHARS } from '../../../shared/limits.ts';
import { engineBusyPids } from '../ai/engine-pool.ts';

/**
 * Issue 23, item 7: the built-in engine on a 99,000-character paste held the server's thread,
 * and every other request with it, for 2.7 s. It now works in a child process.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Real pages as published, then a long brochure, up to 99,000 characters. */
function longPaste(): string {
  const texts = [...readCases(REAL_PAGES).map((page) => page.text), longBrochure()];
  return texts.join('\n\n').slice(0, 99_000);
}

/**
 * Runs `work` while asking /api/health every 50 ms; returns how long each answer took from when
 * it was due. The request is made in this process, so work holding the thread delays its start
 * as it would delay a user's request arriving then: the wait counts from the moment it was due.
 */
async function whileCheckingHealth<T>(work: () => Promise<T>) {
  let finished = false;
  const running = work().finally(() => {
    finished = true;
  });
  const waits: number[] = [];
  while (!finished) {
    const due = performance.now() + 50;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await t.app.inject({ url: '/api/health' });
    waits.push(performance.now() - due);
    expect(health.statusCode).toBe(200);
  }
  return { result: await running, waits };
}

it('/api/health answers within 1 s throughout a 100-question run on a 99,000-character paste', async () => {
  const text = longPaste();
  expect(text.length).toBe(99_000);
  expect(text.length).toBeLessThanOrEqual(PASTED_TEXT_MAX_CHARS);
  const user = await seedUser(t.app, { credits: 200 });
  const { result, waits } = await whileCheckingHealth(() =>
    generateThroughApi(t.app, user.headers, { text, count: 100, length: 'medium' }),
  );
  expectHealthAnsweredThroughout(waits);
  expect(result.questions.length).toBeGreaterThan(50);
  expect(result.faqs).toHaveLength(result.questions.length);
  expect(result.creditsUsed).toBe(result.faqs.filter((faq) => !faq.failed).length);
}, 180_000);

it('an engine child that dies mid-answers fails the generation in Japanese and charges nothing', async () => {
  const user = await seedUser(t.app, { credits: 200 });
  // Only long enough that the answers' job is caught running (it is killed at once): the whole
  // paste cost seconds of questions that the test above makes already.
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/generations',
    headers: user.headers,
    payload: {
      method: 'url',
      textInput: longPaste().slice(0, 20_000),
      faqCount: 30,
      answerLength: 'long',
    },
  });
  expect(created.statusCode).toBe(202);
  const { id } = created.json<{ id: string }>();
  const ready = await waitFor(t.app, user.headers, id, ['questions_ready']);
  const answering = await t.app.inject({
    method: 'POST',
    url: `/api/generations/${id}/answers`,
    headers: user.headers,
    payload: { questions: ready.questions },
  });
  expect(answering.statusCode).toBe(202);
  await expect.poll(() => engineBusyPids().length, { timeout: 30_000, interval: 5 }).toBe(1);
  process.kill(engineBusyPids()[0]!, 'SIGKILL');
  const failed = await waitFor(t.app, user.headers, id, ['failed', 'completed']);
  expect(failed.stage).toBe('failed');
  expect(failed.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  expect(failed.creditsUsed).toBe(0);
  expect(await balance(t, user.id)).toEqual({ credits: 200, reserved: 0 });
  // The next generation gets a fresh child.
  const next = await generateThroughApi(t.app, user.headers, {
    text: longBrochure().slice(0, 3000),
    count: 3,
    length: 'short',
  });
  expect(next.faqs.filter((faq) => !faq.failed)).toHaveLength(3);
}, 180_000);
