import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { creditsResponseSchema } from '../../../../shared/credits.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const creditsQueryKey = queryKeys.credits;

export const getCredits = (cursor: string | null) =>
  api.get(`/api/credits${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    schema: creditsResponseSchema,
  });

export const creditsInfiniteQueryOptions = infiniteQueryOptions({
  queryKey: creditsQueryKey,
  queryFn: ({ pageParam }) => getCredits(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useCredits() {
  return useInfiniteQuery(creditsInfiniteQueryOptions);
}
