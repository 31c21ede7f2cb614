import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import { startMockLlm } from '../../../../tests/fixtures/mock-llm/server.ts';
import { balance, createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';

/** Work on one generation is serialised, and no reservation outlives the work it was for. */
let t: TestApp;
let llm: Awaited<ReturnType<typeof startMockLlm>>;
beforeAll(async () => {
  llm = await startMockLlm({ latencyMs: 150 });
  t = await createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: llm.url });
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

async function completed(credits: number) {
  const user = await seedUser(t.app, { credits });
  const draft = await createDraft(t, user, {
    method: 'url',
    textInput: longBrochure().slice(0, 2000),
    faqCount: 3,
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

describe('regenerating one answer', () => {
  it('runs one regeneration at a time on a record and charges only the answer kept', async () => {
    const { user, done } = await completed(20);
    const before = await balance(t, user.id);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/generations/${done.id}/items/0/regenerate`,
          headers: user.headers,
        }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const busy = replies.find((reply) => reply.statusCode === 409)!;
    expect(busy.json().error.message).toBe('回答を生成中です。完了までお待ちください');
    const kept = replies.find((reply) => reply.statusCode === 200)!.json();
    const record = await waitForStage(t, user, done.id, ['completed']);
    expect(record.items[0].answer).toBe(kept.answer);
    expect(record.creditsUsed).toBe(done.creditsUsed + 1);
    expect(await balance(t, user.id)).toEqual({ credits: before.credits - 1, reserved: 0 });
  });

  it('does not let an answer run start while a regeneration holds the record', async () => {
    const { user, done } = await completed(20);
    const regeneration = t.app.inject({
      method: 'POST',
      url: `/api/generations/${done.id}/items/1/regenerate`,
      headers: user.headers,
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const answers = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${done.id}/answers`,
      headers: user.headers,
      payload: { questions: done.questions },
    });
    expect(answers.statusCode).toBe(202);
    expect(answers.json().reused).toBe(true);
    expect((await regeneration).statusCode).toBe(200);
    const record = await waitForStage(t, user, done.id, ['completed']);
    expect(record.creditsUsed).toBe(done.creditsUsed + 1);
    expect((await balance(t, user.id)).reserved).toBe(0);
  });
});
