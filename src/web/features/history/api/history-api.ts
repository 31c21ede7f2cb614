import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { Generation } from '../../../../shared/generations.ts';
import { api } from '../../../lib/api-client.ts';

export const historyQueryKey = ['generations'] as const;

export const historyQueryOptions = infiniteQueryOptions({
  queryKey: historyQueryKey,
  queryFn: ({ pageParam }) =>
    api.get<{ generations: Generation[]; nextCursor: string | null }>(
      `/api/generations${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useHistory() {
  return useInfiniteQuery(historyQueryOptions);
}

export function useDeleteGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/generations/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyQueryKey }),
  });
}
