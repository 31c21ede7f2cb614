import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { generationListSchema, type GenerationListQuery } from '../../../../shared/generations.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { isRunning } from '../history-record.ts';

export const generationsQueryKey = queryKeys.generations;
/** Every loaded list, whatever its search and filters (a record's own key is [..., id]). */
export const generationListsQueryKey = [...generationsQueryKey, 'list'] as const;

export type HistoryFilters = Omit<GenerationListQuery, 'cursor'>;

/** The search and filters as query parameters (the server validates them: shared schema). */
export function listQuery(cursor: string | null, filters: HistoryFilters): string {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  for (const [name, value] of Object.entries(filters))
    if (typeof value === 'string' && value) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const getGenerations = (cursor: string | null, filters: HistoryFilters = {}) =>
  api.get(`/api/generations${listQuery(cursor, filters)}`, { schema: generationListSchema });

/** Newest first, 50 a page (docs/spec.md §9); 'もっと見る' asks for the next cursor. */
export const generationsQueryOptions = (filters: HistoryFilters = {}) =>
  infiniteQueryOptions({
    queryKey: [...generationListsQueryKey, filters],
    queryFn: ({ pageParam }) => getGenerations(pageParam, filters),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new search keeps the old list on screen until its answer arrives (no spinner flash).
    placeholderData: (previous) => previous,
    // A job keeps running after its tab is closed (docs/product-decisions.md §4): follow it until it ends.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.generations.some(isRunning)) ? 5000 : false,
  });

export function useGenerations(filters: HistoryFilters = {}) {
  return useInfiniteQuery(generationsQueryOptions(filters));
}
