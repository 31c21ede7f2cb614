import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MOCK_MP3,
  MOCK_PNG_BASE64,
  MOCK_TRANSCRIPT,
  startMockLlm,
} from '../../../../tests/fixtures/mock-llm/server.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import {
  AI_API_LIMITS,
  AI_MEDIA_NOT_CONFIGURED,
  AI_NOT_CONFIGURED,
  AI_QUOTA_DAY,
  AI_QUOTA_MINUTE,
  AUDIO_REQUIRED,
  AUDIO_TOO_LARGE,
  ENUM_REQUIRED,
  IMAGE_COUNT,
  INVALID_IMAGE_URL,
  isImageUrl,
  MAX_AUDIO_BYTES,
  PROMPT_OR_MESSAGES_REQUIRED,
  PROMPT_REQUIRED,
  SCHEMA_REQUIRED,
  SCHEMA_ROOT_OBJECT,
  TEXT_REQUIRED,
  type AiStreamEvent,
} from '../../../shared/ai-api.ts';
import { SEARCH_NOT_CONFIGURED } from '../../../shared/data.ts';
import { rateLimitBuckets } from '../../db/schema.ts';

let llm: Awaited<ReturnType<typeof startMockLlm>>;
let search: Server;
let searchQueries: string[];
let t: TestApp;
let offline: TestApp;
let compatible: TestApp;
let user: SeededUser;

beforeAll(async () => {
  llm = await startMockLlm();
  searchQueries = [];
  // A SearXNG-compatible search service on loopback, as an operator would run one.
  search = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    searchQueries.push(query);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        results: [{ title: `${query}の検索結果`, url: 'https://example.jp/a', content: '抜粋' }],
      }),
    );
  });
  await new Promise<void>((resolve) => search.listen(0, '127.0.0.1', resolve));
  const searchUrl = `http://127.0.0.1:${(search.address() as AddressInfo).port}/search`;
  t = await createTestApp({
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: llm.url,
    SEARCH_API_URL: searchUrl,
  });
  offline = await createTestApp();
  compatible = await createTestApp({
    OPENAI_COMPATIBLE_BASE_URL: llm.url,
    OPENAI_COMPATIBLE_MODEL: 'local-model',
  });
});

// A fresh user per test, so the per-user quota only matters where a test means it to.
beforeEach(async () => {
  user = await seedUser(t.app);
});

afterAll(async () => {
  await t.close();
  await offline.close();
  await compatible.close();
  await llm.close();
  await new Promise((resolve) => search.close(resolve));
});

const post = (app: TestApp, path: string, body: unknown, headers: Record<string, string>) =>
  app.app.inject({
    method: 'POST',
    url: `/api/ai/faq-kobo/${path}`,
    headers,
    payload: body as object,
  });

function events(payload: string): AiStreamEvent[] {
  return payload
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as AiStreamEvent);
}

describe('text', () => {
  it('answers a prompt through the configured provider, with token usage', async () => {
    const response = await post(t, 'text', { prompt: '営業時間を教えてください' }, user.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.text).toContain('営業時間を教えてください');
    expect(body).toMatchObject({ model: 'gpt-4o-mini', provider: 'openai', finishReason: 'stop' });
    expect(body.usage.inputTokens).toBeGreaterThan(0);
    expect(body.usage.totalTokens).toBe(body.usage.inputTokens + body.usage.outputTokens);
  });

  it('takes a conversation, a named model, maxTokens and temperature', async () => {
    const response = await post(
      t,
      'text',
      {
        messages: [
          { role: 'system', content: '丁寧に答えてください' },
          { role: 'user', content: '最初の質問' },
          { role: 'assistant', content: '最初の答え' },
          { role: 'user', content: '送料はいくらですか' },
        ],
        model: 'gpt-4.1-mini',
        maxTokens: 200,
        temperature: 0.2,
      },
      user.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().text).toContain('送料はいくらですか');
    expect(response.json().model).toBe('gpt-4.1-mini');
  });

  it('streams Server-Sent Events whose deltas add up to the final text', async () => {
    const response = await post(
      t,
      'text',
      { prompt: 'ストリームで答えて', stream: true },
      user.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const list = events(response.payload);
    const deltas = list.filter((event) => event.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(1);
    const finish = list.at(-1)!;
    expect(finish.type).toBe('finish');
    const joined = deltas.map((event) => (event as { text: string }).text).join('');
    expect(finish).toMatchObject({ text: joined, model: 'gpt-4o-mini', provider: 'openai' });
    expect((finish as { usage: { outputTokens: number } }).usage.outputTokens).toBeGreaterThan(0);
  });

  it('searches the web when asked and answers from the results', async () => {
    const response = await post(t, 'text', { prompt: '渋谷の天気', search: true }, user.headers);
    expect(response.statusCode).toBe(200);
    expect(searchQueries).toContain('渋谷の天気');
    expect(response.json().text).toContain('渋谷の天気の検索結果');

    const streamed = await post(
      t,
      'text',
      { prompt: '新宿の天気', search: true, maxSteps: 2, stream: true },
      user.headers,
    );
    const types = events(streamed.payload).map((event) => event.type);
    expect(types.indexOf('tool-call')).toBeGreaterThanOrEqual(0);
    expect(types.indexOf('tool-result')).toBeGreaterThan(types.indexOf('tool-call'));
    expect(types.at(-1)).toBe('finish');
    expect(streamed.payload).toContain('新宿の天気の検索結果');
  });

  it('says search is not configured rather than answering without it', async () => {
    const response = await post(
      compatible,
      'text',
      { prompt: 'x', search: true },
      await headersFor(compatible),
    );
    expect(response.statusCode).toBe(501);
    expect(response.json().error.message).toBe(SEARCH_NOT_CONFIGURED);
  });

  it('uses an OpenAI-compatible server when that is what is configured', async () => {
    const headers = await headersFor(compatible);
    const response = await post(compatible, 'text', { prompt: 'こんにちは' }, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ provider: 'openai-compatible', model: 'local-model' });
    const speech = await post(compatible, 'speech', { text: 'こんにちは' }, headers);
    expect(speech.statusCode).toBe(200);
    expect(speech.json().provider).toBe('openai-compatible');
  });
});

async function headersFor(app: TestApp) {
  return (await seedUser(app.app)).headers;
}

describe('object', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      price: { type: 'integer', minimum: 100 },
      tags: { type: 'array', items: { type: 'string' } },
      inStock: { type: 'boolean' },
    },
    required: ['name', 'price', 'tags', 'inStock'],
    additionalProperties: false,
  };

  it('returns an object of the requested JSON schema', async () => {
    const response = await post(t, 'object', { prompt: '商品を1つ', schema }, user.headers);
    expect(response.statusCode).toBe(200);
    const { object, usage, model } = response.json();
    expect(object).toEqual({
      name: expect.any(String),
      price: 100,
      tags: [expect.any(String)],
      inStock: true,
    });
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(model).toBe('gpt-4o-mini');
  });

  it('chooses one of the enum values, lists with output array, free JSON with no-schema', async () => {
    const choice = await post(
      t,
      'object',
      { prompt: '今日の天気は？', output: 'enum', enum: ['晴れ', '雨', '曇り'] },
      user.headers,
    );
    expect(choice.statusCode).toBe(200);
    expect(['晴れ', '雨', '曇り']).toContain(choice.json().object);

    const list = await post(
      t,
      'object',
      { prompt: 'アイデアを挙げて', output: 'array' },
      user.headers,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().object).toEqual([expect.any(String)]);

    const items = await post(
      t,
      'object',
      {
        prompt: '商品を挙げて',
        output: 'array',
        schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
      user.headers,
    );
    expect(items.json().object).toEqual([{ name: expect.any(String) }]);

    const free = await post(t, 'object', { prompt: 'JSONで', output: 'no-schema' }, user.headers);
    expect(free.statusCode).toBe(200);
    expect(typeof free.json().object).toBe('object');
  });

  it('streams partial objects and then the finished object', async () => {
    const response = await post(
      t,
      'object',
      { prompt: '商品', schema, stream: true },
      user.headers,
    );
    expect(response.statusCode).toBe(200);
    const list = events(response.payload);
    const partials = list.filter((event) => event.type === 'partial');
    expect(partials.length).toBeGreaterThan(1);
    const finish = list.at(-1) as { type: string; object: unknown };
    expect(finish.type).toBe('finish');
    expect(finish.object).toMatchObject({ price: 100, inStock: true });
    expect((partials.at(-1) as { object: unknown }).object).toEqual(finish.object);
  });
});

describe('image, speech and transcription', () => {
  it('generates n images as base64 PNG', async () => {
    const response = await post(
      t,
      'image',
      { prompt: '富士山の水彩画', n: 2, size: '1024x1024', quality: 'high' },
      user.headers,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.images).toEqual([
      { base64: MOCK_PNG_BASE64, mediaType: 'image/png' },
      { base64: MOCK_PNG_BASE64, mediaType: 'image/png' },
    ]);
    expect(body).toMatchObject({ model: 'gpt-image-1', provider: 'openai' });
  });

  it('fetches images to modify through the SSRF guard', async () => {
    const response = await post(
      t,
      'image',
      { prompt: '背景を白に', images: ['https://127.0.0.1/photo.png'] },
      user.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('内部ネットワーク');
  });

  it('reads text aloud as MP3', async () => {
    const response = await post(
      t,
      'speech',
      { text: 'いらっしゃいませ', voice: 'alloy' },
      user.headers,
    );
    expect(response.statusCode).toBe(200);
    const { audio, model } = response.json();
    expect(audio.mediaType).toBe('audio/mpeg');
    expect(Buffer.from(audio.base64, 'base64').equals(MOCK_MP3)).toBe(true);
    expect(model).toBe('gpt-4o-mini-tts');
    // `prompt` stands in for `text`.
    expect((await post(t, 'speech', { prompt: 'ようこそ' }, user.headers)).statusCode).toBe(200);
  });

  it('transcribes base64 audio and data URLs', async () => {
    const audio = MOCK_MP3.toString('base64');
    const response = await post(t, 'transcribe', { audio, language: 'ja' }, user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      text: MOCK_TRANSCRIPT,
      language: 'ja',
      model: 'whisper-1',
    });
    const dataUrl = await post(
      t,
      'transcribe',
      { audio: `data:audio/mpeg;base64,${audio}` },
      user.headers,
    );
    expect(dataUrl.statusCode).toBe(200);
    expect(dataUrl.json().text).toBe(MOCK_TRANSCRIPT);
  });

  it('refuses audio over 25 MB with 413', async () => {
    const audio = Buffer.alloc(MAX_AUDIO_BYTES + 1).toString('base64');
    const response = await post(t, 'transcribe', { audio }, user.headers);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(AUDIO_TOO_LARGE);
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
      const streamed = await post(t, 'text', { prompt: 'x', stream: true }, user.headers);
      expect(streamed.statusCode).toBe(429);
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
      const response = await post(
        unreachable,
        'text',
        { prompt: 'x' },
        await headersFor(unreachable),
      );
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toContain('接続できませんでした');
    } finally {
      await unreachable.close();
    }
  });

  it('meters every call: 30 a minute, 500 a day per user', async () => {
    // Not across a minute boundary, where the window (and the count) starts again.
    const msLeftInMinute = 60_000 - (Date.now() % 60_000);
    if (msLeftInMinute < 15_000)
      await new Promise((resolve) => setTimeout(resolve, msLeftInMinute));
    const metered = await seedUser(t.app);
    for (let index = 0; index < AI_API_LIMITS.perMinute; index++) {
      const response = await post(t, 'speech', { text: `${index}` }, metered.headers);
      expect(response.statusCode).toBe(200);
    }
    const over = await post(t, 'speech', { text: 'もう一度' }, metered.headers);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toContain(AI_QUOTA_MINUTE);
    // Another user is not affected.
    expect((await post(t, 'speech', { text: 'x' }, user.headers)).statusCode).toBe(200);

    const daily = await seedUser(t.app);
    const dayMs = 24 * 60 * 60 * 1000;
    await t.app.db.insert(rateLimitBuckets).values({
      key: `ai-api-day:${daily.id}`,
      windowStart: new Date(Math.floor(Date.now() / dayMs) * dayMs),
      count: AI_API_LIMITS.perDay,
    });
    const dayOver = await post(t, 'text', { prompt: 'x' }, daily.headers);
    expect(dayOver.statusCode).toBe(429);
    expect(dayOver.json().error.message).toContain(AI_QUOTA_DAY);
  });

  it('does not count rejected input against the quota', async () => {
    const careful = await seedUser(t.app);
    for (let index = 0; index < AI_API_LIMITS.perMinute + 5; index++) {
      await post(t, 'text', {}, careful.headers);
    }
    expect((await post(t, 'text', { prompt: 'x' }, careful.headers)).statusCode).toBe(200);
  });
});
