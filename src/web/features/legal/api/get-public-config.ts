import { useEffect, useSyncExternalStore } from 'react';
import type { PublicConfig } from '../../../../shared/public-config.ts';
import { api } from '../../../lib/api-client.ts';
import { parsePublicConfig } from '../../../lib/public-config.ts';

export function getPublicConfig(): Promise<PublicConfig> {
  // parsePublicConfig stands in for publicConfigSchema on the zod-free public pages.
  return api.get('/api/config', { anonymous: true, schema: { parse: parsePublicConfig } });
}

/*
 * The server's public settings, fetched once per page and kept: the legal pages read them, so
 * this is a small store of its own rather than a TanStack query (which those pages do not load).
 * A pre-rendered page seeds it with the settings it came with.
 */
export interface PublicConfigState {
  data: PublicConfig | undefined;
  isPending: boolean;
  isError: boolean;
}

let state: PublicConfigState = { data: undefined, isPending: true, isError: false };
let request: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: PublicConfigState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Settings known without a request (the pre-rendered page's, or the build's placeholders). */
export function seedPublicConfig(config: PublicConfig): void {
  publish({ data: config, isPending: false, isError: false });
}

function load(): void {
  if (state.data || request) return;
  if (state.isError) publish({ ...state, isPending: true, isError: false });
  request = getPublicConfig()
    .then(
      (data) => publish({ data, isPending: false, isError: false }),
      () => publish({ data: undefined, isPending: false, isError: true }),
    )
    .finally(() => {
      request = null;
    });
}

export function usePublicConfig(): PublicConfigState & { refetch: () => void } {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  useEffect(load, []);
  return { ...current, refetch: load };
}
