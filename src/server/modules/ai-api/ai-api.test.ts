import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MOCK_MP3,
  MOCK_PNG_BASE64,
  MOCK_TRANSCRIPT,
} from '../../../../tests/fixtures/mock-llm/server.ts';
import {
  headersFor,
  postAi,
  sseEvents,
  startAiApiContext,
  type AiApiContext,
} from '../../../../tests/helpers/ai-api-context.ts';
import type { TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { AUDIO_TOO_LARGE, MAX_AUDIO_BYTES } from '../../../shared/ai-api.ts';
import { SEARCH_NOT_CONFIGURED } from '../../../shared/data.ts';

let context: AiApiContext;
let t: TestApp;
let compatible: TestApp;
let searchQueries: string[];
let user: SeededUser;

beforeAll(async () => {
  context = await startAiApiContext();
  ({ t, compatible, searchQueries } = context);
});

// A fresh user per test, so the per-user quota only matters where a test means it to.
beforeEach(async () => {
  user = await seedUser(t.app);
});

afterAll(async () => {
  await context.close();
});

const post = postAi;
const events = sseEvents;

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

describe('a stream the provider ends without a finish reason', () => {
  const cases = (['cut', 'done', 'empty'] as const).flatMap((mode) =>
    (['openai', 'openai-compatible'] as const).flatMap((provider) =>
      (['text', 'object'] as const).map((path) => ({ mode, provider, path })),
    ),
  );

  it.each(cases)('$mode from $provider on $path is a 502, never a 500', async (testCase) => {
    const app = testCase.provider === 'openai' ? t : compatible;
    const headers = await headersFor(app);
    const body =
      testCase.path === 'text'
        ? { prompt: '途中で切れる応答', stream: true }
        : {
            prompt: '途中で切れる応答',
            stream: true,
            schema: { type: 'object', properties: { name: { type: 'string' } } },
          };
    context.llm.setOptions({ streamWithoutFinish: testCase.mode });
    try {
      const response = await post(app, testCase.path, body, headers);
      // Before any content the status line is still free; after it, the error is an event.
      const error =
        response.statusCode === 200
          ? (events(response.payload).at(-1) as { type: string; error?: unknown })
          : { type: 'error', error: response.json().error };
      expect(error).toMatchObject({
        type: 'error',
        error: { status: 502, message: 'AIの応答が途中で途切れました。もう一度お試しください' },
      });
      if (response.statusCode !== 200) expect(response.statusCode).toBe(502);
    } finally {
      context.llm.setOptions({});
    }
  });
});

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
