import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CreditsResponse } from '../../../../shared/credits.ts';
import { api } from '../../../lib/api-client.ts';

export const creditsQueryKey = ['credits'] as const;

export const getCredits = (cursor: string | null) =>
  api.get<CreditsResponse>(`/api/credits${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);

export const creditsInfiniteQueryOptions = infiniteQueryOptions({
  queryKey: creditsQueryKey,
  queryFn: ({ pageParam }) => getCredits(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useCredits() {
  return useInfiniteQuery(creditsInfiniteQueryOptions);
}
