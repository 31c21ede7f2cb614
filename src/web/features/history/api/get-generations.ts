import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { GenerationList } from '../../../../shared/generations.ts';
import { api } from '../../../lib/api-client.ts';
import { isRunning } from '../history-record.ts';

export const generationsQueryKey = ['generations'] as const;

export const getGenerations = (cursor: string | null) =>
  api.get<GenerationList>(
    `/api/generations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

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
