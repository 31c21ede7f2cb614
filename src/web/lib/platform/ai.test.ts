import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ai } from './ai.ts';

const config = {
  brandName: 'FAQ工房',
  projectId: 'faq-kobo',
  environment: 'test',
  supportEmail: 'support@example.com',
  seller: { name: 'n', representative: 'r', address: 'a', phone: 'p', email: 'e' },
};

function sse(events: object[], split = 7): Response {
  const text = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
  // Chunks that cut events in half, as a network would.
  const chunks = text.match(new RegExp(`[\\s\\S]{1,${split}}`, 'g')) ?? [];
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );
}

let answer: (url: string, init?: RequestInit) => Promise<Response>;
beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/config') return new Response(JSON.stringify(config));
    return answer(url, init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ai client', () => {
  it('streams text deltas and resolves with the finish event', async () => {
    let sentBody: Record<string, unknown> = {};
    answer = async (url, init) => {
      expect(url).toBe('/api/ai/faq-kobo/text');
      sentBody = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return sse([
        { type: 'text-delta', text: '営業時間は' },
        { type: 'text-delta', text: '9時からです。' },
        { type: 'finish', text: '営業時間は9時からです。', model: 'm' },
      ]);
    };
    const deltas: string[] = [];
    const finish = await ai.streamText({ prompt: '営業時間は？' }, (text) => deltas.push(text));
    expect(sentBody).toEqual({ prompt: '営業時間は？', stream: true });
    expect(deltas.join('')).toBe('営業時間は9時からです。');
    expect(finish).toMatchObject({ type: 'finish', model: 'm' });
  });

  it('raises AI_ERROR for an error event and the §8 kinds for HTTP answers', async () => {
    answer = async () =>
      sse([
        { type: 'text-delta', text: '途中' },
        {
          type: 'error',
          error: { code: 'API_ERROR', message: 'AIが混み合っています', status: 429 },
        },
      ]);
    await expect(ai.streamText({ prompt: 'x' }, () => undefined)).rejects.toMatchObject({
      kind: 'AI_ERROR',
      message: 'AIが混み合っています',
      status: 429,
    });
    answer = async () =>
      new Response(JSON.stringify({ error: { message: 'prompt を入力してください' } }), {
        status: 400,
      });
    await expect(ai.streamObject({}, () => undefined)).rejects.toMatchObject({
      kind: 'VALIDATION_ERROR',
      message: 'prompt を入力してください',
    });
    answer = async () => new Response('', { status: 503 });
    await expect(ai.text({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'API_ERROR',
      status: 503,
      message: 'HTTP 503',
    });
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(ai.streamText({ prompt: 'x' }, () => undefined)).rejects.toMatchObject({
      kind: 'NETWORK_ERROR',
      message: 'Network request failed: Failed to fetch',
    });
  });

  it('says so when a stream ends without finishing', async () => {
    answer = async () => sse([{ type: 'partial', object: { a: 1 } }]);
    const partials: unknown[] = [];
    await expect(
      ai.streamObject({ prompt: 'x', output: 'no-schema' }, (object) => partials.push(object)),
    ).rejects.toMatchObject({ kind: 'AI_ERROR' });
    expect(partials).toEqual([{ a: 1 }]);
  });
});
