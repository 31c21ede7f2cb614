import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { currentUserSchema } from '../../../shared/auth.ts';
import { ME_TIMEOUT_MS } from '../../../shared/limits.ts';
import { api } from '../api-client.ts';
import type { CurrentUser, MeSnapshot } from './session.tsx';

/*
 * The signed-in user's record through TanStack Query (so the screens that change the balance or
 * the profile refresh it by its key), and the balance's live updates. Loaded with a stored
 * session only: a visitor's page never loads it.
 */

/** The signed-in user, parsed by the shared schema and waited for at most 5 s (docs/spec.md §9). */
export function fetchMe(signal?: AbortSignal): Promise<CurrentUser> {
  const timeout = AbortSignal.timeout(ME_TIMEOUT_MS);
  return api.get('/api/auth/me', {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    schema: currentUserSchema,
  });
}

/** Follows the `me` query as useQuery would (fetching it when stale); returns the unsubscribe. */
export function watchMe(
  client: QueryClient,
  queryKey: readonly unknown[],
  onChange: (snapshot: MeSnapshot) => void,
): () => void {
  const observer = new QueryObserver<CurrentUser>(client, {
    queryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    retry: false,
    staleTime: 15_000,
  });
  const snapshot = () => {
    const result = observer.getCurrentResult();
    return { data: result.data, error: result.error, isPending: result.isPending };
  };
  onChange(snapshot());
  const unsubscribe = observer.subscribe(() => onChange(snapshot()));
  return () => {
    unsubscribe();
    observer.destroy();
  };
}
