import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generationSchema } from '../../../../shared/generations.ts';
import { api } from '../../../lib/api-client.ts';
import { generationsQueryKey } from './get-generations.ts';

export const renameGeneration = ({ id, title }: { id: string; title: string }) =>
  api.patch(`/api/generations/${encodeURIComponent(id)}`, { title }, { schema: generationSchema });

/** The lists and the open record are read again: a search may now match it, or no longer. */
export function useRenameGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameGeneration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: generationsQueryKey }),
  });
}
