import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlm } from '../../../../tests/fixtures/mock-llm/server.ts';
import { balance, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import type { FaqItem } from '../../../shared/generations.ts';

/**
 * The figure check through HTTP with the real provider code: a model answering with a wrong
 * price is asked once more with the price named, and kept flagged 要確認 when it repeats it;
 * the owner clears the flag (ADR 036).
 */
const SHOP =
  'ランチセットは1,280円（税込）です。営業時間は11:00〜15:00です。ご予約はお電話（03-1234-5678）で承ります。駐車場は4台分あります。';

describe('the figure check on model answers', () => {
  let t: TestApp;
  let llm: Awaited<ReturnType<typeof startMockLlm>>;
  beforeAll(async () => {
    llm = await startMockLlm();
    t = await createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: llm.url });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  async function answered(user: SeededUser, count: number) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: user.headers,
      payload: { method: 'url', textInput: SHOP, faqCount: count, answerLength: 'short' },
    });
    const ready = await waitForStage(t, user, created.json().id, ['questions_ready', 'failed']);
    expect(ready.stage).toBe('questions_ready');
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${ready.id}/answers`,
      headers: user.headers,
      payload: { questions: ready.questions },
    });
    return waitForStage(t, user, ready.id, ['completed', 'failed']);
  }

  it('a wrong price repeated after the rewrite is kept, flagged with the phrase, and charged', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    llm.resetStats();
    llm.setOptions({ wrongFigures: { share: 1, kinds: ['price'], onRewrite: 'keep' } });
    const done = await answered(user, 2);
    expect(done.stage).toBe('completed');
    const items = done.items as FaqItem[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const injected = llm.stats.figureInjections.find((entry) => entry.answer === item.answer);
      expect(injected).toBeDefined();
      expect(item.unverified?.phrases).toContain(injected!.phrase);
      expect(item.rewrittenFor).toContain(injected!.phrase);
      expect(item.answer).toContain(injected!.phrase);
    }
    // The rewrite named the wrong figure in the prompt.
    const rewrite = llm.stats.answerPrompts.find((prompt) =>
      prompt.includes('資料に見つからない値'),
    );
    expect(rewrite).toContain(`「${llm.stats.figureInjections[0]!.phrase}」`);
    // Flagged answers are charged like any answer made (ADR 036).
    expect(done.creditsUsed).toBe(items.length);
    expect((await balance(t, user.id)).credits).toBe(10 - items.length);
    expect(done.message).toContain('要確認');
  });

  it('the progress says answers are being written again while the rewrite runs', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: user.headers,
      payload: { method: 'url', textInput: SHOP, faqCount: 2, answerLength: 'short' },
    });
    const ready = await waitForStage(t, user, created.json().id, ['questions_ready']);
    // Slow enough for the rewrite call to be seen running.
    llm.setOptions({
      latencyMs: 400,
      wrongFigures: { share: 1, kinds: ['time'], onRewrite: 'fix' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${ready.id}/answers`,
      headers: user.headers,
      payload: { questions: ready.questions },
    });
    const messages = new Set<string>();
    let stage = 'answering';
    while (stage !== 'completed' && stage !== 'failed') {
      const record = (
        await t.app.inject({
          method: 'GET',
          url: `/api/generations/${ready.id}`,
          headers: user.headers,
        })
      ).json();
      messages.add(record.message);
      stage = record.stage;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect([...messages]).toContain('回答を生成中...（0/2）・ページと合わない値の2件を書き直し中');
  });

  it('a rewrite that takes the figure from the material leaves the answer unflagged', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    llm.setOptions({ wrongFigures: { share: 1, kinds: ['phone'], onRewrite: 'fix' } });
    const done = await answered(user, 2);
    const items = done.items as FaqItem[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.unverified).toBeUndefined();
      expect(item.rewrittenFor?.length).toBeGreaterThan(0);
    }
  });

  it('answers whose figures the material says are neither rewritten nor flagged', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    llm.resetStats();
    llm.setOptions({ restateFigures: true });
    const done = await answered(user, 3);
    const items = done.items as FaqItem[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((item) => item.unverified || item.rewrittenFor)).toEqual([]);
    expect(llm.stats.answerPrompts.some((prompt) => prompt.includes('資料に見つからない値'))).toBe(
      false,
    );
  });

  it('category mode: an expert naming a price and a phone number is flagged, nothing backs them', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    llm.setOptions({ expertSpecifics: 'keep' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: user.headers,
      payload: {
        method: 'category',
        categoryName: '税理士',
        responders: ['税理士', '会計士'],
        faqCount: 1,
      },
    });
    const ready = await waitForStage(t, user, created.json().id, ['questions_ready', 'failed']);
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${ready.id}/answers`,
      headers: user.headers,
      payload: { questions: ready.questions.slice(0, 1) },
    });
    const done = await waitForStage(t, user, ready.id, ['completed', 'failed']);
    const item = (done.items as FaqItem[])[0]!;
    expect(item.answerSource).toBe('synthesized');
    expect(item.unverified).toEqual({ phrases: ['3万円', '03-1234-5678'], noSource: true });
    expect(item.rewrittenFor).toEqual(['3万円', '03-1234-5678']);

    llm.setOptions({ expertSpecifics: 'fix' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${ready.id}/items/0/regenerate`,
      headers: user.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().unverified).toBeUndefined();
    expect(again.json().rewrittenFor).toEqual(['3万円', '03-1234-5678']);
  });

  it("the owner's wording that drops the flagged figure drops the flag; one that keeps it keeps it", async () => {
    const user = await seedUser(t.app, { credits: 10 });
    llm.setOptions({ wrongFigures: { share: 1, kinds: ['price'], onRewrite: 'keep' } });
    const done = await answered(user, 1);
    const flagged = (done.items as FaqItem[])[0]!;
    const phrase = flagged.unverified!.phrases[0]!;
    const edit = (answer: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/generations/${done.id}/items/0`,
        headers: user.headers,
        payload: { answer },
      });
    const kept = await edit(`${flagged.answer}（税込）`);
    expect(kept.json().unverified.phrases).toEqual([phrase]);
    const fixed = await edit(flagged.answer.replace(phrase, '1,280円'));
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().unverified).toBeUndefined();
  });

  it('the owner clears the flag, and no one else can', async () => {
    const owner = await seedUser(t.app, { credits: 10 });
    const stranger = await seedUser(t.app, { credits: 10 });
    llm.setOptions({ wrongFigures: { share: 1, kinds: ['count'], onRewrite: 'keep' } });
    const done = await answered(owner, 1);
    const flagged = (done.items as FaqItem[])[0]!;
    expect(flagged.unverified).toBeDefined();
    const clear = (user: SeededUser, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/generations/${done.id}/items/0`,
        headers: user.headers,
        payload,
      });
    expect((await clear(stranger, { clearUnverified: true })).statusCode).toBe(404);
    const refused = await clear(owner, { clearUnverified: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('要確認の解除の指定が正しくありません');
    const cleared = await clear(owner, { clearUnverified: true });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().unverified).toBeUndefined();
    expect(cleared.json().checkedByOwner).toEqual({ phrases: flagged.unverified!.phrases });
    expect(cleared.json().answer).toBe(flagged.answer);
    const reread = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${done.id}`,
      headers: owner.headers,
    });
    expect(reread.json().items[0].unverified).toBeUndefined();
    expect(reread.json().items[0].checkedByOwner).toBeDefined();
  });
});
