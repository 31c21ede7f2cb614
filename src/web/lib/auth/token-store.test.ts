import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isAccessTokenExpired,
  beginSignInHandoff,
  requestTokensFromParent,
  withoutCredentials,
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

describe('redirect addresses', () => {
  it.each([
    ['/generate?token=abc', '/generate'],
    ['/generate?access_token=a&refresh_token=r&x=1', '/generate?x=1'],
    ['/history?code=c&state=s&page=2#top', '/history?page=2#top'],
    ['/account?Token=abc&id_token=i&password=p', '/account'],
    ['/generate#access_token=a&refresh_token=r', '/generate'],
    ['/generate#access_token=a&tab=2', '/generate#tab=2'],
    ['/generate?ref=ABC&mode=signup#section-2', '/generate?ref=ABC&mode=signup#section-2'],
  ])('%s loses its credentials: %s', (path, expected) => {
    expect(withoutCredentials(path)).toBe(expected);
  });

  it('sign-in links and the return after sign-in carry no token typed into a link', async () => {
    const { safeRedirectPath, signInPath } = await import('./session.tsx');
    const link = signInPath('/generate?token=secret&x=1');
    const redirect = new URLSearchParams(link.split('?')[1]).get('redirect_url');
    expect(redirect).toBe('/generate?x=1');
    expect(link).not.toContain('secret');
    expect(safeRedirectPath('/history?access_token=a&code=c&page=2')).toBe('/history?page=2');
    expect(safeRedirectPath('/generate#refresh_token=r')).toBe('/generate');
  });
});

describe('tokens handed over by a parent frame', () => {
  let parent: Window;
  let other: Window;
  const handed = () => ({
    access_token: 'from-parent',
    refresh_token: 'refresh-parent',
    token_type: 'bearer',
    expires_in: 900,
    refresh_expires_in: 2_592_000,
    issued_at: now(),
  });

  beforeEach(() => {
    const frames = [document.createElement('iframe'), document.createElement('iframe')];
    for (const frame of frames) document.body.append(frame);
    parent = frames[0]!.contentWindow!;
    other = frames[1]!.contentWindow!;
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  });
  afterEach(() => {
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
    document.body.replaceChildren();
  });

  const post = (origin: string, source: Window) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'faq-kobo:tokens', tokens: handed() },
        origin,
        source,
      }),
    );

  it('asks only its own origin and takes tokens from the parent of that origin', async () => {
    const ask = vi.spyOn(parent, 'postMessage').mockImplementation(() => undefined);
    const pending = requestTokensFromParent(1_000);
    post(window.location.origin, parent);
    expect(await pending).toMatchObject({ access_token: 'from-parent' });
    expect(ask).toHaveBeenCalledWith({ type: 'faq-kobo:request-tokens' }, window.location.origin);
  });

  it('ignores tokens from another origin or from a window that is not its parent', async () => {
    vi.spyOn(parent, 'postMessage').mockImplementation(() => undefined);
    const pending = requestTokensFromParent(200);
    post('https://attacker.example', parent);
    post(window.location.origin, other);
    expect(await pending).toBeNull();
  });
});

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
