import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { generationListSchema } from '../../../../shared/generations.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { isRunning } from '../history-record.ts';

export const generationsQueryKey = queryKeys.generations;

export const getGenerations = (cursor: string | null) =>
  api.get(`/api/generations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    schema: generationListSchema,
  });

/** Newest first, 50 a page (spec §9); 'もっと見る' asks for the next cursor. */
export const generationsQueryOptions = infiniteQueryOptions({
  queryKey: generationsQueryKey,
  queryFn: ({ pageParam }) => getGenerations(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  // A job keeps running after its tab is closed (docs/product-decisions.md §4): follow it until it ends.
  refetchInterval: (query) =>
    query.state.data?.pages.some((page) => page.generations.some(isRunning)) ? 5000 : false,
});

export function useGenerations() {
  return useInfiniteQuery(generationsQueryOptions);
}
