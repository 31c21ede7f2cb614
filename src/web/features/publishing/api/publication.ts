import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  publicationResponseSchema,
  type PublishRequest,
} from '../../../../shared/published-faq.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const path = (id: string) => `/api/generations/${encodeURIComponent(id)}/publication`;

/**
 * Under the record's key: whatever refreshes the history after an edit refreshes the page's
 * counts too.
 */
export const publicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.generations, id, 'publication'],
    queryFn: () => api.get(path(id), { schema: publicationResponseSchema }),
  });

export const usePublication = (id: string) => useQuery(publicationQueryOptions(id));

export function usePublish(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PublishRequest) =>
      api.put(path(id), settings, { schema: publicationResponseSchema }),
    onSuccess: (data) => queryClient.setQueryData(publicationQueryOptions(id).queryKey, data),
  });
}

export function useUnpublish(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(path(id), { schema: publicationResponseSchema }),
    onSuccess: (data) => queryClient.setQueryData(publicationQueryOptions(id).queryKey, data),
  });
}
