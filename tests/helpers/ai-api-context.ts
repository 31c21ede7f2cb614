import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockLlm } from '../fixtures/mock-llm/server.ts';
import type { AiStreamEvent } from '../../src/shared/ai-api.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { seedUser } from './users.ts';

/**
 * What the AI API tests run against: the real app with the OpenAI provider pointed at the local
 * mock model, one with no provider, one with an OpenAI-compatible server, and a
 * SearXNG-compatible search service on loopback, as an operator would run one.
 */
export interface AiApiContext {
  llm: Awaited<ReturnType<typeof startMockLlm>>;
  t: TestApp;
  offline: TestApp;
  compatible: TestApp;
  /** Every query the search service received. */
  searchQueries: string[];
  close(): Promise<void>;
}

export async function startAiApiContext(): Promise<AiApiContext> {
  const llm = await startMockLlm();
  const searchQueries: string[] = [];
  const search: Server = createServer((request, response) => {
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
  const t = await createTestApp({
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: llm.url,
    SEARCH_API_URL: searchUrl,
    AI_ALLOWED_MODELS: 'gpt-4.1-mini',
  });
  const offline = await createTestApp();
  const compatible = await createTestApp({
    OPENAI_COMPATIBLE_BASE_URL: llm.url,
    OPENAI_COMPATIBLE_MODEL: 'local-model',
  });
  return {
    llm,
    t,
    offline,
    compatible,
    searchQueries,
    async close() {
      await t.close();
      await offline.close();
      await compatible.close();
      await llm.close();
      await new Promise((resolve) => search.close(resolve));
    },
  };
}

export const postAi = (
  app: TestApp,
  path: string,
  body: unknown,
  headers: Record<string, string>,
) =>
  app.app.inject({
    method: 'POST',
    url: `/api/ai/faq-kobo/${path}`,
    headers,
    payload: body as object,
  });

export function sseEvents(payload: string): AiStreamEvent[] {
  return payload
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as AiStreamEvent);
}

export async function headersFor(app: TestApp) {
  return (await seedUser(app.app)).headers;
}
