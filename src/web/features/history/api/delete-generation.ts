import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { GenerationList } from '../../../../shared/generations.ts';
import { api } from '../../../lib/api-client.ts';
import { generationListsQueryKey, generationsQueryKey } from './get-generations.ts';

export const deleteGeneration = (id: string) =>
  api.delete(`/api/generations/${encodeURIComponent(id)}`);

export function useDeleteGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneration,
    onSuccess: (_result, id) => {
      // Drop it from the loaded pages at once; refetching all pages would reshuffle the list.
      queryClient.setQueriesData<InfiniteData<GenerationList, string | null>>(
        { queryKey: generationListsQueryKey },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              generations: page.generations.filter((generation) => generation.id !== id),
            })),
          },
      );
      queryClient.removeQueries({ queryKey: [...generationsQueryKey, id], exact: true });
    },
  });
}
