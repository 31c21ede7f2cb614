import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';

/*
 * The query client's context is provided from the start but filled only once the client is
 * loaded: the public pages never fetch through TanStack Query, so a visitor's page loads none
 * of it. Filling a context value re-renders its readers and remounts nothing.
 */
let loaded: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client.ts').then(({ appQueryClient }) => {
    loaded = appQueryClient();
    for (const listener of listeners) listener();
    return loaded;
  });
  return loading;
}

/** The client if it has been loaded already (nothing to clear or update otherwise). */
export function loadedQueryClient(): QueryClient | undefined {
  return loaded;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function LazyQueryClientProvider({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(subscribe, loadedQueryClient, loadedQueryClient);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

/** A route's `lazy` that resolves once its screen and the query client have both loaded. */
export function withQueryClient<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadQueryClient()]))[0];
}
