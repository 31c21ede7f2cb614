import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import { startMockLlm } from '../../../../tests/fixtures/mock-llm/server.ts';
import { startFixtureSite, type FixtureSite } from '../../../../tests/fixtures/site/server.ts';
import { balance, SHOP_TEXT, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';

interface ProgressEvent {
  stage: string;
  progress: number;
  message: string;
}

/** Every committed change of one record, in commit order, from the realtime notifications. */
async function recordEvents(t: TestApp) {
  const events = new Map<string, ProgressEvent[]>();
  const stop = await t.database.listen('faq_realtime', (payload) => {
    const event = JSON.parse(payload) as ProgressEvent & { kind: string; id: string };
    if (event.kind !== 'generation') return;
    const list = events.get(event.id) ?? [];
    list.push({ stage: event.stage, progress: event.progress, message: event.message });
    events.set(event.id, list);
  });
  return { events: (id: string) => events.get(id) ?? [], stop };
}

const post = (t: TestApp, user: SeededUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

describe('progress', () => {
  let t: TestApp;
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite();
    t = await createTestApp({ FETCH_ALLOW_PRIVATE: 'true', AI_CONCURRENCY: '1' });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('goes through every step in order, moving while crawling and while answering', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    const listener = await recordEvents(t);
    const created = await post(t, user, '/api/generations', {
      method: 'url',
      url: `${site.url}/`,
      includeSubpages: true,
      faqCount: 15,
    });
    const { id } = created.json();
    const ready = await waitForStage(t, user, id, ['questions_ready', 'failed']);
    await post(t, user, `/api/generations/${id}/answers`, { questions: ready.questions });
    await waitForStage(t, user, id, ['completed', 'failed']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await listener.stop();
    const events = listener.events(id);
    const steps = events.map((event) => event.progress);
    // Never backwards, and nothing after completed.
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    expect(events.at(-1)).toMatchObject({ stage: 'completed', progress: 100 });
    expect(events.at(-1)!.message).toMatch(/^FAQの生成が完了しました/);
    expect(events.filter((event) => event.stage === 'completed')).toHaveLength(1);
    for (const [progress, message] of [
      [20, 'コンテンツを解析中...'],
      [30, '質問を生成中...'],
      [70, '回答を生成中...'],
      [75, '回答を生成中...'],
      [95, '仕上げ中...'],
    ] as const)
      expect(events).toContainEqual(expect.objectContaining({ progress, message }));
    expect(events).toContainEqual(
      expect.objectContaining({ stage: 'questions_ready', progress: 40 }),
    );
    const crawling = events.filter((event) => event.progress > 10 && event.progress < 20);
    expect(crawling.length).toBeGreaterThan(0);
    expect(crawling[0]!.message).toMatch(/^ページを取得中...（\d+\/\d+）$/);
    const answering = events.filter((event) => event.progress > 75 && event.progress < 95);
    expect(answering.length).toBeGreaterThan(0);
    expect(answering.at(-1)!.message).toMatch(/^回答を生成中...（\d+\/\d+）$/);
  });
});

describe('cancel', () => {
  let t: TestApp;
  let llm: Awaited<ReturnType<typeof startMockLlm>>;
  beforeAll(async () => {
    llm = await startMockLlm({ latencyMs: 400 });
    t = await createTestApp({
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: llm.url,
      AI_CONCURRENCY: '1',
    });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('stops an answer run, keeps and charges only the answers produced', async () => {
    const user = await seedUser(t.app, { credits: 30 });
    // Enough content that every question is grounded and each answer is a model call.
    const created = await post(t, user, '/api/generations', {
      method: 'url',
      textInput: longBrochure().slice(0, 4000),
      faqCount: 15,
    });
    const ready = await waitForStage(t, user, created.json().id, ['questions_ready', 'failed']);
    expect(ready.questions.length).toBeGreaterThanOrEqual(12);
    const approved = ready.questions.slice(0, 12);
    await post(t, user, `/api/generations/${ready.id}/answers`, { questions: approved });
    // Wait for the first step (5 answers) to be written, then cancel.
    for (let attempt = 0; attempt < 200; attempt++) {
      const now = await t.app.inject({
        method: 'GET',
        url: `/api/generations/${ready.id}`,
        headers: user.headers,
      });
      if (now.json().progress > 75) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const cancel = await post(t, user, `/api/generations/${ready.id}/cancel`);
    expect(cancel.statusCode).toBe(202);
    expect(cancel.json()).toEqual({ id: ready.id, cancelRequested: true });
    const done = await waitForStage(t, user, ready.id, ['completed', 'failed', 'questions_ready']);
    expect(done.stage).toBe('completed');
    expect(done.status).toBe('cancelled');
    expect(done.message).toBe(
      `中止しました。作成済みの${done.items.length}件を保存しました（${done.items.length}クレジット）`,
    );
    expect(done.items.length).toBeGreaterThan(0);
    expect(done.items.length).toBeLessThan(12);
    expect(done.creditsUsed).toBe(done.items.length);
    expect(await balance(t, user.id)).toEqual({ credits: 30 - done.items.length, reserved: 0 });
    const after = await post(t, user, `/api/generations/${ready.id}/cancel`);
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe('実行中の処理はありません');
  }, 30_000);

  it('a cancelled first question phase ends cancelled; a cancelled regeneration keeps its questions', async () => {
    const user = await seedUser(t.app, { credits: 5 });
    const created = await post(t, user, '/api/generations', {
      method: 'url',
      textInput: SHOP_TEXT,
      faqCount: 5,
    });
    const { id } = created.json();
    expect((await post(t, user, `/api/generations/${id}/cancel`)).statusCode).toBe(202);
    const failed = await waitForStage(t, user, id, ['questions_ready', 'failed']);
    expect(failed).toMatchObject({
      stage: 'failed',
      status: 'cancelled',
      message: '中止しました',
      error: null,
    });

    const second = await post(t, user, '/api/generations', {
      method: 'url',
      textInput: SHOP_TEXT,
      faqCount: 5,
    });
    const ready = await waitForStage(t, user, second.json().id, ['questions_ready', 'failed']);
    const regenerate = await post(t, user, `/api/generations/${ready.id}/questions/regenerate`);
    expect(regenerate.statusCode).toBe(202);
    expect((await post(t, user, `/api/generations/${ready.id}/cancel`)).statusCode).toBe(202);
    const back = await waitForStage(t, user, ready.id, ['questions_ready', 'failed']);
    expect(back).toMatchObject({ stage: 'questions_ready', message: '中止しました' });
    expect(back.questions).toEqual(ready.questions);
    expect(back.cancelRequested).toBe(false);
  }, 30_000);

  it('the events stream pushes every change the database announces, in order, until the end', async () => {
    const user = await seedUser(t.app, { credits: 30 });
    const created = await post(t, user, '/api/generations', {
      method: 'url',
      textInput: longBrochure().slice(0, 4000),
      faqCount: 10,
    });
    const ready = await waitForStage(t, user, created.json().id, ['questions_ready', 'failed']);
    const listener = await recordEvents(t);
    await post(t, user, `/api/generations/${ready.id}/answers`, {
      questions: ready.questions.slice(0, 10),
    });
    // Two model calls of five answers, 400 ms each: a stream reading every 400 ms would miss
    // some of what the database announced.
    const stream = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${ready.id}/events`,
      headers: user.headers,
    });
    await listener.stop();
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const pushed = stream.body
      .split('\n\n')
      .filter((block) => block.startsWith('event: progress'))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as ProgressEvent);
    expect(pushed.at(-1)).toMatchObject({ stage: 'completed', progress: 100 });
    const steps = pushed.map((event) => event.progress);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    const first = pushed[0]!.progress;
    const announced = listener
      .events(ready.id)
      .filter((event) => event.stage === 'answering' && event.progress > first);
    expect(announced.length).toBeGreaterThan(0);
    for (const event of announced)
      expect(pushed).toContainEqual(expect.objectContaining({ progress: event.progress }));
  }, 30_000);

  it('the events stream of a record deleted mid-run ends at once', async () => {
    const user = await seedUser(t.app, { credits: 30 });
    llm.setOptions({ latencyMs: 5 });
    const created = await post(t, user, '/api/generations', {
      method: 'url',
      textInput: longBrochure().slice(0, 4000),
      faqCount: 5,
    });
    const ready = await waitForStage(t, user, created.json().id, ['questions_ready', 'failed']);
    llm.setOptions({ latencyMs: 600_000 });
    try {
      await post(t, user, `/api/generations/${ready.id}/answers`, {
        questions: ready.questions.slice(0, 3),
      });
      const stream = t.app.inject({
        method: 'GET',
        url: `/api/generations/${ready.id}/events`,
        headers: user.headers,
      });
      await waitForStage(t, user, ready.id, ['answering']);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/generations/${ready.id}`,
        headers: user.headers,
      });
      expect(removed.statusCode).toBe(204);
      const ended = await stream;
      expect(ended.body).toContain('event: progress');
      expect(ended.body).not.toContain('"stage":"completed"');
    } finally {
      llm.setOptions({ latencyMs: 400 });
      llm.releaseWaiting();
    }
  }, 30_000);
});
