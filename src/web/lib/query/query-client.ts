import { QueryClient } from '@tanstack/react-query';

/*
 * TanStack Query's client: loaded with the first screen that fetches through it (sign-in, the
 * signed-in screens, admin) or with a stored session, never by a visitor's public page
 * (query-provider.tsx loads this module).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

let appClient: QueryClient | undefined;

/** The page's one client; mounted for the page's lifetime (focus and online refetches). */
export function appQueryClient(): QueryClient {
  if (!appClient) {
    appClient = createQueryClient();
    appClient.mount();
  }
  return appClient;
}
