import { request } from 'undici';
import { z } from 'zod';
import { SEARCH_NOT_CONFIGURED } from '../../../shared/data.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../lib/http-error.ts';

export const searchResponseSchema = z.object({
  query: z.string(),
  results: z.array(z.object({ title: z.string(), url: z.string(), snippet: z.string() })),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** SearXNG's JSON format, which self-hosted search and several hosted APIs speak. */
const searxngSchema = z.object({
  results: z.array(
    z.object({
      title: z.string().catch(''),
      url: z.string(),
      content: z.string().optional().catch(undefined),
    }),
  ),
});

const SEARCH_TIMEOUT_MS = 10_000;

/**
 * Web search through the operator's configured provider (SEARCH_API_URL). The address is
 * configuration, not user input, so it may be internal (a SearXNG next to the server).
 */
export async function searchWeb(config: Config, query: string, limit: number): Promise<SearchResponse> {
  if (!config.SEARCH_API_URL) throw new HttpError(501, SEARCH_NOT_CONFIGURED);
  const url = new URL(config.SEARCH_API_URL);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  url.searchParams.set('language', 'ja');
  let body: unknown;
  try {
    const response = await request(url, {
      headers: {
        accept: 'application/json',
        ...(config.SEARCH_API_KEY ? { authorization: `Bearer ${config.SEARCH_API_KEY}` } : {}),
      },
      signal: AbortSignal.timeout(SEARCH_TIMEOUT_MS),
    });
    if (response.statusCode >= 400) {
      await response.body.dump();
      throw new Error(`status ${response.statusCode}`);
    }
    body = await response.body.json();
  } catch (error) {
    throw new HttpError(502, '検索サービスから結果を取得できませんでした', { cause: error });
  }
  const parsed = searxngSchema.safeParse(body);
  if (!parsed.success)
    throw new HttpError(502, '検索サービスの応答を読み取れませんでした', { cause: parsed.error });
  return {
    query,
    results: parsed.data.results.slice(0, limit).map((result) => ({
      title: result.title,
      url: result.url,
      snippet: result.content ?? '',
    })),
  };
}
