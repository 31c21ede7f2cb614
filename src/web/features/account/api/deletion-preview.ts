import { queryOptions, useQuery } from '@tanstack/react-query';
import { deletionPreviewSchema } from '../../../../shared/account.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getDeletionPreview = () =>
  api.get('/api/account/deletion-preview', { schema: deletionPreviewSchema });

// Under the credits key: a purchase or a generation changes it as it changes the balance.
export const deletionPreviewQueryOptions = queryOptions({
  queryKey: [...queryKeys.credits, 'deletion-preview'],
  queryFn: getDeletionPreview,
  // Read afresh each time the dialog opens: the figure must be today's.
  staleTime: 0,
});

export function useDeletionPreview() {
  return useQuery(deletionPreviewQueryOptions);
}
