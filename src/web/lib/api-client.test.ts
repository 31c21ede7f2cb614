import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  apiRequest,
  apiResponse,
  ApiError,
  setTokenProvider,
  UNEXPECTED_RESPONSE,
  type TokenProvider,
} from './api-client.ts';

const userSchema = z.object({ id: z.string(), credits: z.number().int() });

let seen: { url: string; authorization: string | null }[];
let answer: (authorization: string | null) => Response;

/** A user session whose token the server takes only after one refresh. */
function sessionNeedingRefresh(): TokenProvider {
  let token = 'expired';
  return {
    getAccessToken: async () => token,
    onUnauthorized: async () => {
      token = 'fresh';
      return true;
    },
  };
}

beforeEach(() => {
  seen = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const authorization = new Headers(init?.headers).get('authorization');
    seen.push({ url: String(input), authorization });
    return answer(authorization);
  });
});
afterEach(() => {
  setTokenProvider(null);
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('parses an answer with its shared schema (unknown fields dropped)', async () => {
    answer = () => Response.json({ id: 'u1', credits: 5, extra: true });
    await expect(apiRequest('/api/x', { schema: userSchema })).resolves.toEqual({
      id: 'u1',
      credits: 5,
    });
  });

  it('turns an answer that breaks the contract into an API_ERROR the user can read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = () => Response.json({ id: 'u1', credits: '5' });
    const error = await apiRequest('/api/x', { schema: userSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'API_ERROR', message: UNEXPECTED_RESPONSE, status: 200 });
    expect(warn).toHaveBeenCalledOnce();
  });

  it('refreshes the token once on 401 for raw answers (streams, files) too', async () => {
    setTokenProvider(sessionNeedingRefresh());
    answer = (authorization) =>
      authorization === 'Bearer fresh'
        ? new Response('data: {}\n\n', { headers: { 'content-type': 'text/event-stream' } })
        : Response.json({ error: { message: '認証が必要です' } }, { status: 401 });
    const response = await apiResponse('/api/ai/p/text', { method: 'POST', body: {} });
    expect(await response.text()).toBe('data: {}\n\n');
    expect(seen.map((request) => request.authorization)).toEqual([
      'Bearer expired',
      'Bearer fresh',
    ]);
  });

  it('sends a given token as it is and never refreshes it (the admin session)', async () => {
    setTokenProvider(sessionNeedingRefresh());
    answer = () => Response.json({ error: { message: '管理者の認証が必要です' } }, { status: 401 });
    await expect(apiRequest('/api/admin/stats', { token: 'admin-token' })).rejects.toMatchObject({
      kind: 'AUTHENTICATION_ERROR',
      message: '管理者の認証が必要です',
    });
    expect(seen).toEqual([{ url: '/api/admin/stats', authorization: 'Bearer admin-token' }]);
  });
});
