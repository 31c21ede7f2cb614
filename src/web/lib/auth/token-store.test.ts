import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isAccessTokenExpired,
  beginSignInHandoff,
  SIGN_IN_STATE_KEY,
  takeSignInHandoffFromUrl,
  TOKEN_STORAGE_KEY,
  TokenStore,
  type TokenSet,
} from './token-store.ts';

const now = () => Math.floor(Date.now() / 1000);
const tokens = (overrides: Partial<TokenSet> = {}): TokenSet => ({
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 900,
  refresh_expires_in: 2_592_000,
  issued_at: now(),
  ...overrides,
});

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('token store', () => {
  it('counts the access token as expired 30 s early', () => {
    const set = tokens({ issued_at: 1000 });
    expect(isAccessTokenExpired(set, 1000 + 869)).toBe(false);
    expect(isAccessTokenExpired(set, 1000 + 870)).toBe(true);
  });

  const address = () =>
    `${window.location.pathname}${window.location.search}${window.location.hash}`;

  it('never signs in with raw tokens from the URL, and removes them from the address bar', async () => {
    window.history.replaceState(null, '', '/generate?access_token=a&refresh_token=r&x=1#top');
    expect(takeSignInHandoffFromUrl()).toBeNull();
    expect(address()).toBe('/generate?x=1#top');
    window.history.replaceState(null, '', '/generate?access_token=a&refresh_token=r');
    const store = new TokenStore(vi.fn());
    expect(await store.initialise()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('takes a code only with the state this tab started, once', () => {
    const state = beginSignInHandoff();
    expect(sessionStorage.getItem(SIGN_IN_STATE_KEY)).toBe(state);
    window.history.replaceState(null, '', `/generate?code=c1&state=${state}&x=1`);
    expect(takeSignInHandoffFromUrl()).toEqual({ code: 'c1', state });
    expect(address()).toBe('/generate?x=1');
    // The state is spent: the same link again is refused.
    window.history.replaceState(null, '', `/generate?code=c1&state=${state}`);
    expect(takeSignInHandoffFromUrl()).toBeNull();
    // A code made for another tab (or another person) is refused.
    beginSignInHandoff();
    window.history.replaceState(null, '', '/generate?code=c2&state=someone-elses-state');
    expect(takeSignInHandoffFromUrl()).toBeNull();
    expect(address()).toBe('/generate');
  });

  it('refreshes an expired token once for concurrent callers', async () => {
    const refresh = vi.fn(async () =>
      tokens({ access_token: 'access-2', refresh_token: 'refresh-2' }),
    );
    const store = new TokenStore(refresh);
    store.set(tokens({ issued_at: now() - 1000 }));
    const results = await Promise.all([
      store.getAccessToken(),
      store.getAccessToken(),
      store.getAccessToken(),
    ]);
    expect(results).toEqual(['access-2', 'access-2', 'access-2']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(TOKEN_STORAGE_KEY)!).refresh_token).toBe('refresh-2');
  });

  it('adopts a token another tab already rotated instead of refreshing again', async () => {
    const refresh = vi.fn(async () => tokens({ access_token: 'never' }));
    const store = new TokenStore(refresh);
    store.set(tokens({ issued_at: now() - 1000 }));
    // Another tab rotated the refresh token and stored the new set.
    localStorage.setItem(
      TOKEN_STORAGE_KEY,
      JSON.stringify(tokens({ access_token: 'from-other-tab', refresh_token: 'refresh-9' })),
    );
    expect(await store.getAccessToken()).toBe('from-other-tab');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('clears the tokens when the refresh fails', async () => {
    const store = new TokenStore(async () => {
      throw new Error('revoked');
    });
    store.set(tokens({ issued_at: now() - 1000 }));
    expect(await store.getAccessToken()).toBeNull();
    expect(store.tokens).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('drops stored tokens whose refresh token has expired', async () => {
    localStorage.setItem(
      TOKEN_STORAGE_KEY,
      JSON.stringify(tokens({ issued_at: now() - 3_000_000 })),
    );
    const store = new TokenStore(async () => tokens());
    expect(await store.initialise()).toBeNull();
  });
});
