import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { createDraft } from '../../../../tests/helpers/generations.ts';
import { MAX_RUNNING_QUESTION_PHASES } from '../../../shared/limits.ts';
import { faqGenerations } from '../../db/schema.ts';
import { QUESTION_PHASE_LIMIT_MESSAGE } from './generation-limits.ts';

let t: TestApp;
beforeAll(async () => {
  // A provider that is configured but never reached: refused models must not get that far.
  t = await createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
});
afterAll(async () => {
  await t.close();
});

const TEXT = '当店の営業時間は平日10時から19時までです。駐車場は20台分あります。'.repeat(4);

const create = (user: SeededUser, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/generations',
    headers: user.headers,
    payload: { method: 'url', textInput: TEXT, faqCount: 5, ...extra },
  });

async function seedRunning(user: SeededUser, count: number, on: TestApp = t): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, index) => `faq_running_${user.id}_${index}`);
  await on.app.db.insert(faqGenerations).values(
    ids.map((id) => ({
      id,
      userId: user.id,
      title: '読み込み中',
      method: 'url',
      status: 'generating',
      stage: 'fetching' as const,
      progress: 10,
      message: 'ページを読み込んでいます',
    })),
  );
  return ids;
}

describe('running question phases per user', () => {
  it(`allows ${MAX_RUNNING_QUESTION_PHASES} at once, then answers 429 in Japanese with Retry-After`, async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const other = await seedUser(t.app, { credits: 10 });
    const ids = await seedRunning(user, MAX_RUNNING_QUESTION_PHASES);

    const refused = await create(user, { ai: { provider: 'auto' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(QUESTION_PHASE_LIMIT_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.app.db
      .select()
      .from(faqGenerations)
      .where(eq(faqGenerations.userId, user.id));
    expect(rows).toHaveLength(MAX_RUNNING_QUESTION_PHASES);

    // Another user is not affected; a finished phase frees a slot.
    expect((await seedRunning(other, 1)).length).toBe(1);
    await t.app.db
      .update(faqGenerations)
      .set({ stage: 'questions_ready', status: 'questions_ready' })
      .where(eq(faqGenerations.id, ids[0]!));
    const accepted = await create(user, { ai: { provider: 'auto' } });
    expect(accepted.statusCode, accepted.body).toBe(202);
  });
});

describe('model ids', () => {
  it('refuses a model the operator has not listed, before any record or provider call', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const response = await create(user, {
      ai: { provider: 'openai', model: 'o1-pro-2025-03-19' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('モデル「o1-pro-2025-03-19」は利用できません');
    const rows = await t.app.db
      .select()
      .from(faqGenerations)
      .where(eq(faqGenerations.userId, user.id));
    expect(rows).toEqual([]);
  });
});

describe('parallel starts', () => {
  let slowSite: Server;
  let siteUrl: string;
  let local: TestApp;
  beforeAll(async () => {
    // A site that takes its time, so every question phase is still reading it.
    slowSite = createServer((_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(`<html><body><main><p>${TEXT}</p></main></body></html>`);
      }, 2000);
    });
    await new Promise<void>((resolve) => slowSite.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(slowSite.address() as AddressInfo).port}/`;
    local = await createTestApp({ FETCH_ALLOW_PRIVATE: 'true' });
  });
  afterAll(async () => {
    await local.close();
    slowSite.closeAllConnections();
    await new Promise((resolve) => slowSite.close(resolve));
  });

  it(`let exactly ${MAX_RUNNING_QUESTION_PHASES} of many simultaneous starts through`, async () => {
    const user = await seedUser(local.app, { credits: 10 });
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        local.app.inject({
          method: 'POST',
          url: '/api/generations',
          headers: user.headers,
          payload: { method: 'url', url: siteUrl, faqCount: 5 },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(MAX_RUNNING_QUESTION_PHASES).fill(202),
      ...Array<number>(6 - MAX_RUNNING_QUESTION_PHASES).fill(429),
    ]);
  });

  it("counts a regeneration of a draft's questions as a running phase", async () => {
    const user = await seedUser(local.app, { credits: 10 });
    const draft = await createDraft(local, user);
    const running = await seedRunning(user, MAX_RUNNING_QUESTION_PHASES, local);
    const regenerate = () =>
      local.app.inject({
        method: 'POST',
        url: `/api/generations/${draft.id}/questions/regenerate`,
        headers: user.headers,
      });

    const refused = await regenerate();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(QUESTION_PHASE_LIMIT_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [kept] = await local.app.db
      .select()
      .from(faqGenerations)
      .where(eq(faqGenerations.id, draft.id));
    expect(kept).toMatchObject({
      stage: 'questions_ready',
      questions: JSON.stringify(draft.questions),
    });

    await local.app.db
      .update(faqGenerations)
      .set({ stage: 'questions_ready' })
      .where(eq(faqGenerations.id, running[0]!));
    const accepted = await regenerate();
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json()).toEqual({ id: draft.id, reused: false });
  });
});
