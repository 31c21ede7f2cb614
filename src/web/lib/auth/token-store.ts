import { IFRAME_TOKEN_WAIT_MS, TOKEN_EXPIRY_SKEW_SECONDS } from '../../../shared/limits.ts';
import type { TokenProvider } from '../api-client.ts';

/** The server's token set, stored as-is (spec §3 signed-in user). */
export interface TokenSet {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  refresh_expires_in: number;
  issued_at: number;
}

export const TOKEN_STORAGE_KEY = 'faq-kobo.tokens';

function isTokenSet(value: unknown): value is TokenSet {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.access_token === 'string' &&
    typeof record.refresh_token === 'string' &&
    typeof record.expires_in === 'number' &&
    typeof record.issued_at === 'number'
  );
}

/** Spec §4: the access token counts as expired 30 s early. */
export function isAccessTokenExpired(tokens: TokenSet, nowSeconds = Date.now() / 1000): boolean {
  return nowSeconds >= tokens.issued_at + tokens.expires_in - TOKEN_EXPIRY_SKEW_SECONDS;
}

export function isRefreshTokenExpired(tokens: TokenSet, nowSeconds = Date.now() / 1000): boolean {
  return nowSeconds >= tokens.issued_at + tokens.refresh_expires_in;
}

function readStorage(): TokenSet | null {
  try {
    const raw = localStorage.getItem(TOKEN_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isTokenSet(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Tokens passed in the URL (a sign-in hand-off) are taken once and removed from the address
 * bar at once, so they don't stay in history or get copied with the link.
 */
export function takeTokensFromUrl(
  location: Location = window.location,
  history: History = window.history,
): TokenSet | null {
  const url = new URL(location.href);
  const access = url.searchParams.get('access_token');
  const refresh = url.searchParams.get('refresh_token');
  if (!access || !refresh) return null;
  const now = Math.floor(Date.now() / 1000);
  const tokens: TokenSet = {
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: Number(url.searchParams.get('expires_in')) || 900,
    // Spec §9: 30 days for a refresh token taken from a URL.
    refresh_expires_in: Number(url.searchParams.get('refresh_expires_in')) || 30 * 24 * 60 * 60,
    issued_at: Number(url.searchParams.get('issued_at')) || now,
  };
  for (const name of [
    'access_token',
    'refresh_token',
    'expires_in',
    'refresh_expires_in',
    'issued_at',
    'token_type',
  ]) {
    url.searchParams.delete(name);
  }
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return tokens;
}

/** When framed, the parent may hand tokens over; wait at most 100 ms (spec §9). */
export function requestTokensFromParent(
  timeoutMs = IFRAME_TOKEN_WAIT_MS,
): Promise<TokenSet | null> {
  if (typeof window === 'undefined' || window.parent === window) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      window.removeEventListener('message', onMessage);
      resolve(null);
    }, timeoutMs);
    function onMessage(event: MessageEvent) {
      const data = event.data as { type?: unknown; tokens?: unknown } | null;
      if (!data || data.type !== 'faq-kobo:tokens' || !isTokenSet(data.tokens)) return;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(data.tokens);
    }
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ type: 'faq-kobo:request-tokens' }, '*');
  });
}

type RefreshFn = (refreshToken: string) => Promise<TokenSet>;
type Listener = (tokens: TokenSet | null) => void;

export class TokenStore implements TokenProvider {
  #tokens: TokenSet | null = null;
  #refreshing: Promise<TokenSet | null> | null = null;
  #listeners = new Set<Listener>();
  readonly #refresh: RefreshFn;

  constructor(refresh: RefreshFn) {
    this.#refresh = refresh;
  }

  /** Parent window → URL parameters → local storage (spec §4). */
  async initialise(): Promise<TokenSet | null> {
    const fromParent = await requestTokensFromParent();
    const tokens = fromParent ?? takeTokensFromUrl() ?? readStorage();
    if (tokens && isRefreshTokenExpired(tokens)) {
      this.set(null);
      return null;
    }
    this.set(tokens);
    return tokens;
  }

  get tokens(): TokenSet | null {
    return this.#tokens;
  }

  set(tokens: TokenSet | null): void {
    this.#tokens = tokens;
    try {
      if (tokens) localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(tokens));
      else localStorage.removeItem(TOKEN_STORAGE_KEY);
    } catch {
      // Storage can be unavailable (private mode); the session still works for this tab.
    }
    for (const listener of this.#listeners) listener(tokens);
  }

  /** Another tab signed in, refreshed or signed out: follow it. */
  followOtherTabs(): () => void {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_STORAGE_KEY) return;
      this.#tokens = readStorage();
      for (const listener of this.#listeners) listener(this.#tokens);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * One refresh at a time, across tabs too: rotation makes a refresh token single-use, so a
   * second tab refreshing with the same token would revoke the whole sign-in. Under a Web Lock
   * each tab first re-reads storage and adopts a token another tab already rotated.
   */
  refresh(): Promise<TokenSet | null> {
    const current = this.#tokens;
    if (!current) return Promise.resolve(null);
    if (this.#refreshing) return this.#refreshing;
    const rotate = async (): Promise<TokenSet> => {
      const stored = readStorage();
      if (stored && stored.refresh_token !== current.refresh_token && !isAccessTokenExpired(stored))
        return stored;
      return this.#refresh((stored ?? current).refresh_token);
    };
    const locked =
      typeof navigator !== 'undefined' && navigator.locks
        ? navigator.locks.request('faq-kobo.token-refresh', rotate)
        : rotate();
    this.#refreshing = locked
      .then((next) => {
        this.set(next);
        return next;
      })
      .catch(() => {
        this.set(null);
        return null;
      })
      .finally(() => {
        this.#refreshing = null;
      });
    return this.#refreshing;
  }

  async getAccessToken(): Promise<string | null> {
    const current = this.#tokens;
    if (!current) return null;
    if (!isAccessTokenExpired(current)) return current.access_token;
    return (await this.refresh())?.access_token ?? null;
  }

  async onUnauthorized(): Promise<boolean> {
    if (!this.#tokens) return false;
    return (await this.refresh()) !== null;
  }
}
