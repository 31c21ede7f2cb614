import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MOCK_MP3 } from '../../../../tests/fixtures/mock-llm/server.ts';
import {
  headersFor,
  postAi,
  startAiApiContext,
  type AiApiContext,
} from '../../../../tests/helpers/ai-api-context.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import {
  AI_API_LIMITS,
  AI_MEDIA_NOT_CONFIGURED,
  AI_NOT_CONFIGURED,
  AI_QUOTA_DAY,
  AI_QUOTA_MINUTE,
  AUDIO_REQUIRED,
  ENUM_REQUIRED,
  IMAGE_COUNT,
  INVALID_IMAGE_URL,
  isImageUrl,
  PROMPT_OR_MESSAGES_REQUIRED,
  PROMPT_REQUIRED,
  SCHEMA_REQUIRED,
  SCHEMA_ROOT_OBJECT,
  TEXT_REQUIRED,
} from '../../../shared/ai-api.ts';
import { EMAIL_NOT_CONFIRMED, MODEL_NEEDS_CONFIRMED_EMAIL } from '../../../shared/model-use.ts';
import { payments, rateLimitBuckets, users } from '../../db/schema.ts';
import { japanDayStart } from '../ai/model-access.ts';

async function seedPurchase(app: TestApp, userId: string) {
  await app.app.db.insert(payments).values({
    id: randomUUID(),
    provider: 'demo',
    sessionId: `cs_test_${randomUUID()}`,
    userId,
    planId: 'light',
    credits: 100,
    amountYen: 1000,
    status: 'completed',
    completedAt: new Date(),
  });
}

let context: AiApiContext;
let llm: AiApiContext['llm'];
let t: TestApp;
let offline: TestApp;
let user: SeededUser;

beforeAll(async () => {
  context = await startAiApiContext();
  ({ llm, t, offline } = context);
});

// A fresh user per test, so the per-user quota only matters where a test means it to.
beforeEach(async () => {
  user = await seedUser(t.app);
});

afterAll(async () => {
  await context.close();
});

const post = postAi;

describe('models the operator has not listed', () => {
  it('are refused with a Japanese 400 before any provider call', async () => {
    const before = llm.stats.calls;
    for (const [path, body] of [
      ['text', { prompt: 'x', model: 'o1-pro-2025-03-19' }],
      ['text', { prompt: 'x', provider: 'openai', model: 'gpt-4.5-preview' }],
      ['text', { prompt: 'x', model: 'o1-pro-2025-03-19', stream: true }],
      ['object', { prompt: 'x', schema: { type: 'object' }, model: 'o3-pro' }],
      ['image', { prompt: 'x', model: 'dall-e-3' }],
      ['speech', { text: 'x', model: 'tts-1-hd' }],
    ] as const) {
      const response = await post(t, path, body, user.headers);
      expect(response.statusCode, `${path} ${body.model}`).toBe(400);
      expect(response.json().error.message).toContain(`モデル「${body.model}」は利用できません`);
    }
    expect(llm.stats.calls).toBe(before);
    // The configured default and the listed extra model still work.
    expect(
      (await post(t, 'text', { prompt: 'x', model: 'gpt-4o-mini' }, user.headers)).statusCode,
    ).toBe(200);
    expect(
      (await post(t, 'text', { prompt: 'x', model: 'gpt-4.1-mini' }, user.headers)).statusCode,
    ).toBe(200);
  });
});

describe('validation', () => {
  const expect400 = async (path: string, body: unknown, message: string) => {
    const response = await post(t, path, body, user.headers);
    expect(response.statusCode, JSON.stringify(body)).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.json().error.message).toContain(message);
  };

  it('text and object need a prompt or messages', async () => {
    await expect400('text', {}, PROMPT_OR_MESSAGES_REQUIRED);
    await expect400('text', { prompt: '   ' }, PROMPT_OR_MESSAGES_REQUIRED);
    await expect400('text', { messages: [] }, PROMPT_OR_MESSAGES_REQUIRED);
    await expect400(
      'text',
      { messages: [{ role: 'system', content: '指示だけ' }] },
      PROMPT_OR_MESSAGES_REQUIRED,
    );
    await expect400('object', { schema: { type: 'object' } }, PROMPT_OR_MESSAGES_REQUIRED);
    const badRole = await post(
      t,
      'text',
      { messages: [{ role: 'tool', content: 'x' }] },
      user.headers,
    );
    expect(badRole.statusCode).toBe(400);
    const badTemperature = await post(t, 'text', { prompt: 'x', temperature: 3 }, user.headers);
    expect(badTemperature.statusCode).toBe(400);
  });

  it('object needs a schema with an object root, or enum values for output enum', async () => {
    await expect400('object', { prompt: 'x' }, SCHEMA_REQUIRED);
    await expect400('object', { prompt: 'x', schema: { type: 'array' } }, SCHEMA_ROOT_OBJECT);
    await expect400('object', { prompt: 'x', output: 'enum' }, ENUM_REQUIRED);
    await expect400('object', { prompt: 'x', output: 'enum', enum: [] }, ENUM_REQUIRED);
  });

  it('image needs a prompt and 1–16 HTTPS image URLs of a known type', async () => {
    await expect400('image', {}, PROMPT_REQUIRED);
    await expect400(
      'image',
      { prompt: 'x', images: ['http://example.jp/a.png'] },
      INVALID_IMAGE_URL,
    );
    await expect400(
      'image',
      { prompt: 'x', images: ['https://example.jp/a.bmp'] },
      INVALID_IMAGE_URL,
    );
    await expect400('image', { prompt: 'x', imageUrls: ['not a url'] }, INVALID_IMAGE_URL);
    await expect400('image', { prompt: 'x', images: [] }, IMAGE_COUNT);
    const seventeen = Array.from({ length: 17 }, (_, index) => `https://example.jp/${index}.jpg`);
    await expect400('image', { prompt: 'x', images: seventeen }, IMAGE_COUNT);
    expect((await post(t, 'image', { prompt: 'x', n: 5 }, user.headers)).statusCode).toBe(400);
    expect((await post(t, 'image', { prompt: 'x', n: 0 }, user.headers)).statusCode).toBe(400);
    expect((await post(t, 'image', { prompt: 'x', size: 'large' }, user.headers)).statusCode).toBe(
      400,
    );
  });

  it('speech needs text; transcription needs base64 audio', async () => {
    await expect400('speech', {}, TEXT_REQUIRED);
    await expect400('speech', { text: '  ' }, TEXT_REQUIRED);
    await expect400('transcribe', {}, AUDIO_REQUIRED);
    await expect400('transcribe', { audio: 'これはbase64ではありません' }, AUDIO_REQUIRED);
  });

  it('recognises image URLs as the specification defines them', () => {
    expect(isImageUrl('https://example.jp/a/photo.JPG')).toBe(true);
    expect(isImageUrl('https://example.jp/a.webp?size=large&v=2')).toBe(true);
    expect(isImageUrl('https://example.jp/a.jpeg#top')).toBe(true);
    expect(isImageUrl('https://example.jp/a.png.exe')).toBe(false);
    expect(isImageUrl('https://example.jp/?file=a.png')).toBe(false);
    expect(isImageUrl('ftp://example.jp/a.gif')).toBe(false);
  });
});

describe('access, configuration and provider failures', () => {
  it('needs a signed-in user and the configured project', async () => {
    expect((await post(t, 'text', { prompt: 'x' }, {})).statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/ai/another-project/text',
      headers: user.headers,
      payload: { prompt: 'x' },
    });
    expect(other.statusCode).toBe(404);
  });

  it('answers 503 without a configured provider instead of pretending', async () => {
    const headers = await headersFor(offline);
    const text = await post(offline, 'text', { prompt: 'こんにちは' }, headers);
    expect(text.statusCode).toBe(503);
    expect(text.json().error.message).toBe(AI_NOT_CONFIGURED);
    const object = await post(
      offline,
      'object',
      { prompt: 'x', schema: { type: 'object' } },
      headers,
    );
    expect(object.statusCode).toBe(503);
    for (const [path, body] of [
      ['image', { prompt: 'x' }],
      ['speech', { text: 'x' }],
      ['transcribe', { audio: MOCK_MP3.toString('base64') }],
    ] as const) {
      const response = await post(offline, path, body, headers);
      expect(response.statusCode, path).toBe(503);
      expect(response.json().error.message).toBe(AI_MEDIA_NOT_CONFIGURED);
    }
  });

  it("passes the provider's 429 on as 429 and its 5xx as 502, streamed or not", async () => {
    try {
      llm.setOptions({ rateLimitFirst: 100 });
      const limited = await post(t, 'text', { prompt: 'x' }, user.headers);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toContain('AIプロバイダーの利用上限');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const streamed = await post(t, 'text', { prompt: 'x', stream: true }, user.headers);
      expect(streamed.statusCode).toBe(429);
      expect(Number(streamed.headers['retry-after'])).toBeGreaterThan(0);
      expect(streamed.headers['content-type']).toContain('application/json');
      const image = await post(t, 'image', { prompt: 'x' }, user.headers);
      expect(image.statusCode).toBe(429);
      llm.setOptions({ alwaysFail: true });
      const failed = await post(
        t,
        'object',
        { prompt: 'x', schema: { type: 'object' } },
        user.headers,
      );
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error.message).toContain('AIプロバイダーでエラーが発生しました');
    } finally {
      llm.setOptions({});
    }
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const unreachable = await createTestApp({
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    try {
      const headers = await headersFor(unreachable);
      // The AI SDK waits 2 s, then 4 s, between its attempts: the clock is moved instead of
      // waited for (connections are refused at once, so only those pauses take time).
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      onTestFinished(() => {
        vi.useRealTimers();
      });
      let settled = false;
      const pending = post(unreachable, 'text', { prompt: 'x' }, headers).finally(() => {
        settled = true;
      });
      while (!settled) await vi.advanceTimersByTimeAsync(500);
      const response = await pending;
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toContain('接続できませんでした');
    } finally {
      await unreachable.close();
    }
  });

  it('meters every call: 30 a minute, 50 a day before a purchase and 500 after', async () => {
    // The clock stands still at the start of a minute: the 31 calls must share one window,
    // which a real clock could leave in the middle of the test. Only Date is faked, so I/O runs.
    vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / 60_000) * 60_000 + 1000 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const metered = await seedUser(t.app);
    for (let index = 0; index < AI_API_LIMITS.perMinute; index++) {
      const response = await post(t, 'speech', { text: `${index}` }, metered.headers);
      expect(response.statusCode).toBe(200);
    }
    const over = await post(t, 'speech', { text: 'もう一度' }, metered.headers);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toContain(AI_QUOTA_MINUTE);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await post(t, 'speech', { text: 'x' }, user.headers)).statusCode).toBe(200);

    // A day is Japan's calendar day; an account that never bought gets the lower allowance.
    const daily = await seedUser(t.app);
    await t.app.db.insert(rateLimitBuckets).values({
      key: `ai-api-day:${daily.id}`,
      windowStart: japanDayStart(new Date()),
      count: AI_API_LIMITS.perDayBeforePurchase,
    });
    const dayOver = await post(t, 'text', { prompt: 'x' }, daily.headers);
    expect(dayOver.statusCode).toBe(429);
    expect(dayOver.json().error.message).toContain(AI_QUOTA_DAY);
    expect(dayOver.json().error.message).toMatch(/日本時間の0時（約(\d+時間(\d+分)?|\d+分)後）/);
    const retryAfter = Number(dayOver.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect((Date.now() + retryAfter * 1000 + 9 * 3600_000) % (24 * 3600_000)).toBeLessThan(2000);

    // A buyer may go on to the full allowance, and no further.
    await seedPurchase(t, daily.id);
    expect((await post(t, 'text', { prompt: 'x' }, daily.headers)).statusCode).toBe(200);
    await t.app.db
      .update(rateLimitBuckets)
      .set({ count: AI_API_LIMITS.perDay })
      .where(eq(rateLimitBuckets.key, `ai-api-day:${daily.id}`));
    expect((await post(t, 'text', { prompt: 'x' }, daily.headers)).statusCode).toBe(429);
  });

  it('refuses every endpoint to an unconfirmed address with a Japanese 403, before any model call', async () => {
    const unconfirmed = await seedUser(t.app, { confirmed: false });
    const before = llm.stats.calls;
    for (const [path, body] of [
      ['text', { prompt: 'x' }],
      ['text', { prompt: 'x', stream: true }],
      ['object', { prompt: 'x', schema: { type: 'object', properties: {} } }],
      ['image', { prompt: 'x' }],
      ['speech', { text: 'x' }],
      ['transcribe', { audio: MOCK_MP3.toString('base64') }],
    ] as const) {
      const response = await post(t, path, body, unconfirmed.headers);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().error.code).toBe(EMAIL_NOT_CONFIRMED);
      expect(response.json().error.message).toBe(MODEL_NEEDS_CONFIRMED_EMAIL);
    }
    expect(llm.stats.calls).toBe(before);
    // Confirming the address opens it.
    await t.app.db
      .update(users)
      .set({ emailConfirmedAt: new Date() })
      .where(eq(users.id, unconfirmed.id));
    expect((await post(t, 'text', { prompt: 'x' }, unconfirmed.headers)).statusCode).toBe(200);
  });

  it('does not count rejected input against the quota', async () => {
    const careful = await seedUser(t.app);
    for (let index = 0; index < AI_API_LIMITS.perMinute + 5; index++) {
      await post(t, 'text', {}, careful.headers);
    }
    expect((await post(t, 'text', { prompt: 'x' }, careful.headers)).statusCode).toBe(200);
  });
});
