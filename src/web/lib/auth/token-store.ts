import { IFRAME_TOKEN_WAIT_MS, TOKEN_EXPIRY_SKEW_SECONDS } from '../../../shared/limits.ts';
import type { TokenSet } from '../../../shared/auth.ts';
import type { TokenProvider } from '../api-client.ts';

/** The server's token set (docs/spec.md §3 signed-in user), stored as-is. */
export type { TokenSet };

export const TOKEN_STORAGE_KEY = 'faq-kobo.tokens';

/**
 * What a stored or handed-over token set must hold to be used. Checked by hand, not with
 * tokenSetSchema: this runs on every page before anything else, and public pages load no zod.
 */
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

/** docs/spec.md §4: the access token counts as expired 30 s early. */
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

/** This tab's sign-in state (sessionStorage: one tab only, gone when the tab closes). */
export const SIGN_IN_STATE_KEY = 'faq-kobo.sign-in-state';

/** Parameters that may carry credentials; always removed from the address bar. */
const HANDOFF_PARAMS = [
  'access_token',
  'refresh_token',
  'expires_in',
  'refresh_expires_in',
  'issued_at',
  'token_type',
  'code',
  'state',
];

/** Names a credential travels under in a link; never carried into another address. */
const CREDENTIAL_PARAMS = new Set([...HANDOFF_PARAMS, 'token', 'id_token', 'password']);

/**
 * A same-site path (`/x?y#z`) without the credentials a link may carry, in its query or in a
 * `#a=b` fragment: a token typed or pasted into an address must not ride along in
 * `redirect_url` (and from there into history, logs and Referer headers).
 */
export function withoutCredentials(path: string): string {
  const url = new URL(path, 'http://path.invalid');
  for (const name of [...url.searchParams.keys()]) {
    if (CREDENTIAL_PARAMS.has(name.toLowerCase())) url.searchParams.delete(name);
  }
  let hash = url.hash;
  if (hash.includes('=')) {
    const fragment = new URLSearchParams(hash.slice(1));
    const names = [...fragment.keys()];
    if (names.some((name) => CREDENTIAL_PARAMS.has(name.toLowerCase()))) {
      for (const name of names) {
        if (CREDENTIAL_PARAMS.has(name.toLowerCase())) fragment.delete(name);
      }
      const rest = fragment.toString();
      hash = rest ? `#${rest}` : '';
    }
  }
  return `${url.pathname}${url.search}${hash}`;
}

export interface SignInHandoff {
  code: string;
  state: string;
}

/**
 * Starts a sign-in that will come back to this tab with a one-time code: the random state is
 * kept in this tab only and sent along; the code is accepted only together with it.
 */
export function beginSignInHandoff(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const state = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(SIGN_IN_STATE_KEY, state);
  return state;
}

/**
 * A sign-in hand-off in the URL is taken once and removed from the address bar at once, so it
 * does not stay in history or get copied with the link. Raw tokens in the URL are removed and
 * never used: anyone can craft such a link to sign a visitor into the crafter's account. A code
 * counts only when its state is the one this tab started (and each state is used once).
 */
export function takeSignInHandoffFromUrl(
  location: Location = window.location,
  history: History = window.history,
): SignInHandoff | null {
  const url = new URL(location.href);
  if (!HANDOFF_PARAMS.some((name) => url.searchParams.has(name))) return null;
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  for (const name of HANDOFF_PARAMS) url.searchParams.delete(name);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (!code || !state) return null;
  let expected: string | null = null;
  try {
    expected = sessionStorage.getItem(SIGN_IN_STATE_KEY);
    sessionStorage.removeItem(SIGN_IN_STATE_KEY);
  } catch {
    return null;
  }
  return expected !== null && expected === state ? { code, state } : null;
}

/** The e-mail and subject inside an access token (display only; the server verifies it). */
export function tokenIdentity(tokens: TokenSet): { sub: string; email: string } | null {
  try {
    const payload = tokens.access_token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
    );
    return typeof claims.sub === 'string'
      ? { sub: claims.sub, email: typeof claims.email === 'string' ? claims.email : '' }
      : null;
  } catch {
    return null;
  }
}

export interface HandoffOptions {
  /** Exchanges a code for a session (POST /api/auth/sign-in-codes/exchange). */
  exchange: (handoff: SignInHandoff) => Promise<TokenSet & { user: { id: string; email: string } }>;
  /** Asked before another account's session replaces the one this browser has. */
  confirmReplace: (current: string, next: string) => Promise<boolean>;
  /** A session that was created but not kept (declined) is ended on the server. */
  discard: (tokens: TokenSet) => Promise<void>;
}

/**
 * When framed, the parent may hand tokens over; wait at most 100 ms (docs/spec.md §9). Only a
 * parent of this app's own origin (the only one CSP frame-ancestors lets frame it) is asked and
 * believed: any other page framing it, or any other window posting to it, could otherwise
 * sign the visitor into an account of its choosing, or read the request.
 */
export function requestTokensFromParent(
  timeoutMs = IFRAME_TOKEN_WAIT_MS,
): Promise<TokenSet | null> {
  if (typeof window === 'undefined' || window.parent === window) return Promise.resolve(null);
  const ownOrigin = window.location.origin;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      window.removeEventListener('message', onMessage);
      resolve(null);
    }, timeoutMs);
    function onMessage(event: MessageEvent) {
      if (event.origin !== ownOrigin || event.source !== window.parent) return;
      const data = event.data as { type?: unknown; tokens?: unknown } | null;
      if (!data || data.type !== 'faq-kobo:tokens' || !isTokenSet(data.tokens)) return;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(data.tokens);
    }
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ type: 'faq-kobo:request-tokens' }, ownOrigin);
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

  /** Parent window → a sign-in hand-off of this tab → local storage (docs/spec.md §4). */
  async initialise(handoffOptions?: HandoffOptions): Promise<TokenSet | null> {
    const fromParent = await requestTokensFromParent();
    const handoff = takeSignInHandoffFromUrl();
    let stored = readStorage();
    if (stored && isRefreshTokenExpired(stored)) stored = null;
    const tokens =
      fromParent ??
      (handoff && handoffOptions
        ? await this.#takeHandoff(handoff, stored, handoffOptions)
        : null) ??
      stored;
    if (tokens && isRefreshTokenExpired(tokens)) {
      this.set(null);
      return null;
    }
    this.set(tokens);
    return tokens;
  }

  /** The hand-off's session, unless the user keeps the other account already signed in. */
  async #takeHandoff(
    handoff: SignInHandoff,
    stored: TokenSet | null,
    options: HandoffOptions,
  ): Promise<TokenSet | null> {
    let response: Awaited<ReturnType<HandoffOptions['exchange']>>;
    try {
      response = await options.exchange(handoff);
    } catch {
      return null;
    }
    const { user, ...next } = response;
    const current = stored ? tokenIdentity(stored) : null;
    if (current && current.sub !== user.id) {
      const replace = await options.confirmReplace(current.email, user.email);
      if (!replace) {
        await options.discard(next).catch(() => undefined);
        return null;
      }
      // The replaced sign-in ends on the server as well, as a logout would end it.
      if (stored) await options.discard(stored).catch(() => undefined);
    }
    return next;
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
