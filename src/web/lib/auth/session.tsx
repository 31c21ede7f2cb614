import { QueryClientContext } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../../shared/auth.ts';
import { ACCOUNT_SUSPENDED } from '../../../shared/messages.ts';
import { confirmDialog } from '../../components/ui/alert-dialog-store.ts';
import { api, ApiError, setTokenProvider } from '../api-client.ts';
import { lazyToast } from '../lazy-toast.ts';
import { loadedQueryClient, loadQueryClient } from '../query/query-provider.tsx';
import { queryKeys } from '../query-keys.ts';
import {
  TokenStore,
  withoutCredentials,
  type HandoffOptions,
  type TokenSet,
} from './token-store.ts';

export type { CurrentUser };

/** The `me` query as the session reads it (me-observer.ts follows the query). */
export interface MeSnapshot {
  data: CurrentUser | undefined;
  error: unknown;
  isPending: boolean;
}

const PENDING_ME: MeSnapshot = { data: undefined, error: null, isPending: true };

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  user: CurrentUser | null;
  /** Stores a token set from sign-in or sign-up and loads the user. */
  establish(tokens: TokenSet): Promise<void>;
  logout(): Promise<void>;
  /**
   * Sends the visitor to /auth, coming back to `returnTo` (default: the current page); `signUp`
   * opens its 新規登録 tab (「無料で始める」 invites a new visitor, not a returning one).
   */
  redirectToSignIn(returnTo?: string, options?: { signUp?: boolean }): void;
}

export const meQueryKey = queryKeys.me;
export const REFERRAL_STORAGE_KEY = 'faq-kobo.ref';
const PROJECT_ID = 'faq-kobo';

const SessionContext = createContext<Session | null>(null);

/*
 * A pre-rendered public page was rendered for a visitor. When the browser has no stored session
 * either, the first render starts signed out (not loading) so it matches that HTML and hydrates;
 * the stored state is still read right after, as on every other start.
 */
let startSignedOut = false;
export function startSessionSignedOut(): void {
  startSignedOut = true;
}

/**
 * The response schemas load with the first request of a signed-in browser, so a visitor's
 * public page carries no zod (docs/adr/021-public-page-javascript.md).
 */
export const authSchemas = () => import('../../../shared/auth.ts');

async function refreshTokens(refreshToken: string): Promise<TokenSet> {
  return api.post(
    '/api/auth/refresh',
    { refresh_token: refreshToken },
    { anonymous: true, schema: (await authSchemas()).tokenSetSchema },
  );
}

/** How a sign-in hand-off code becomes this tab's session (token-store.ts). */
const handoffOptions: HandoffOptions = {
  exchange: async (handoff) =>
    api.post('/api/auth/sign-in-codes/exchange', handoff, {
      anonymous: true,
      schema: (await authSchemas()).authResponseSchema,
    }),
  // The dialog itself (Radix) loads only when a hand-off meets another signed-in account.
  confirmReplace: (current, next) =>
    confirmDialog('別のアカウントに切り替えますか？', {
      description: `現在 ${current || '別のアカウント'} でログインしています。${next} でログインし直すと、現在のログインは終了します。`,
      confirmLabel: '切り替える',
    }),
  discard: async (tokens) => {
    await api.post(
      '/api/auth/logout',
      { refresh_token: tokens.refresh_token },
      { anonymous: true },
    );
  },
};

/**
 * A referral code from `/?ref=CODE` survives the sign-in redirect: a visitor who follows a link
 * and signs up later is still referred (docs/product-decisions.md §2).
 */
function rememberReferralCode(): void {
  const code = new URLSearchParams(window.location.search).get('ref');
  if (code && /^[A-Za-z0-9_-]{1,64}$/.test(code))
    sessionStorage.setItem(REFERRAL_STORAGE_KEY, code);
}

export function signInPath(returnTo: string, options: { signUp?: boolean } = {}): string {
  const params = new URLSearchParams({
    redirect_url: withoutCredentials(returnTo),
    project_id: PROJECT_ID,
  });
  if (options.signUp) params.set('mode', 'signup');
  return `/auth?${params.toString()}`;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  // The app's client once it has loaded (query-provider.tsx), or a test's own.
  const contextClient = useContext(QueryClientContext);
  const navigate = useNavigate();
  const [store] = useState(() => new TokenStore(refreshTokens));
  const [initialised, setInitialised] = useState(() => startSignedOut);
  const [hasTokens, setHasTokens] = useState(false);
  const [me, setMe] = useState<MeSnapshot>(PENDING_ME);

  useEffect(() => {
    setTokenProvider(store);
    rememberReferralCode();
    const unsubscribe = store.subscribe((tokens) => {
      setHasTokens(tokens !== null);
      // Signed out: the next session must not show this user while its own loads.
      if (tokens === null) setMe(PENDING_ME);
    });
    const stopFollowing = store.followOtherTabs();
    void store.initialise(handoffOptions).then((tokens) => {
      setHasTokens(tokens !== null);
      setInitialised(true);
    });
    return () => {
      unsubscribe();
      stopFollowing();
      setTokenProvider(null);
    };
  }, [store]);

  // With a session, the user comes from the `me` query; TanStack Query loads only then.
  useEffect(() => {
    if (!initialised || !hasTokens) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void Promise.all([import('./me-observer.ts'), contextClient ?? loadQueryClient()]).then(
      ([{ watchMe }, client]) => {
        if (!cancelled) stop = watchMe(client, meQueryKey, setMe);
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [initialised, hasTokens, contextClient]);

  // A suspended account (403 with its reason) is signed out here and told why, once.
  const suspended =
    me.error instanceof ApiError &&
    me.error.status === 403 &&
    me.error.message === ACCOUNT_SUSPENDED;
  useEffect(() => {
    if (!suspended) return;
    store.set(null);
    (contextClient ?? loadedQueryClient())?.removeQueries({ queryKey: queryKeys.auth });
    lazyToast('error', ACCOUNT_SUSPENDED);
  }, [suspended, store, contextClient]);

  const user = hasTokens ? (me.data ?? null) : null;
  const userId = user?.id ?? null;

  // The balance follows the server live (a purchase webhook, a finished generation, an admin
  // adjustment, another tab): each push refreshes what shows credits.
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Loaded on sign-in only: the realtime client and its frame schemas stay off public pages.
    void Promise.all([import('../platform/realtime.ts'), contextClient ?? loadQueryClient()])
      .then(async ([{ realtime }, queryClient]) => {
        const client = await realtime();
        return client.subscribe(`user:${userId}`, (message) => {
          if (message.event !== 'balance') return;
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
          void queryClient.invalidateQueries({ queryKey: queryKeys.credits });
        });
      })
      .then((unsubscribe) => {
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      // Without realtime the balance still refreshes on navigation and after each action.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [contextClient, userId]);
  let status: SessionStatus = 'anonymous';
  if (!initialised || (hasTokens && me.isPending)) status = 'loading';
  else if (user) status = 'authenticated';

  const establish = useCallback(
    async (tokens: TokenSet) => {
      const queryClient = contextClient ?? (await loadQueryClient());
      store.set(tokens);
      // Always read afresh: the tokens just changed, whatever the cache holds.
      const { fetchMe } = await import('./me-observer.ts');
      await queryClient.fetchQuery({
        queryKey: meQueryKey,
        queryFn: () => fetchMe(),
        staleTime: 0,
      });
    },
    [contextClient, store],
  );

  const logout = useCallback(async () => {
    const refreshToken = store.tokens?.refresh_token;
    store.set(null);
    const queryClient = contextClient ?? loadedQueryClient();
    queryClient?.removeQueries({ queryKey: queryKeys.auth });
    queryClient?.clear();
    if (refreshToken) {
      await api
        .post('/api/auth/logout', { refresh_token: refreshToken }, { anonymous: true })
        .catch(() => undefined);
    }
  }, [contextClient, store]);

  const redirectToSignIn = useCallback(
    (returnTo?: string, options?: { signUp?: boolean }) => {
      const target = returnTo ?? `${window.location.pathname}${window.location.search}`;
      void navigate(signInPath(target, options));
    },
    [navigate],
  );

  const value = useMemo<Session>(
    () => ({ status, user, establish, logout, redirectToSignIn }),
    [status, user, establish, logout, redirectToSignIn],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** The signed-in user's id, or null (also outside a SessionProvider, as in screen tests). */
export function useSignedInUserId(): string | null {
  return useContext(SessionContext)?.user?.id ?? null;
}

/** Same-origin paths only: anything else (other origins, `//host`, `javascript:`) → fallback. */
export function safeRedirectPath(candidate: string | null, fallback = '/generate'): string {
  if (!candidate) return fallback;
  try {
    const base = window.location.origin;
    const url = new URL(candidate, base);
    if (url.origin !== base) return fallback;
    if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\'))
      return fallback;
    if (url.pathname.startsWith('/auth')) return fallback;
    return withoutCredentials(`${url.pathname}${url.search}${url.hash}`);
  } catch {
    return fallback;
  }
}
