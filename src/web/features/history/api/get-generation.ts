import { queryOptions, useQuery } from '@tanstack/react-query';
import { generationSchema } from '../../../../shared/generations.ts';
import { api } from '../../../lib/api-client.ts';
import { isRunning } from '../history-record.ts';
import { generationsQueryKey } from './get-generations.ts';

export const getGeneration = (id: string) =>
  api.get(`/api/generations/${encodeURIComponent(id)}`, { schema: generationSchema });

export const generationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...generationsQueryKey, id],
    queryFn: () => getGeneration(id),
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data) ? 3000 : false),
  });

/** The full record for the detail modal (the list entry is shown until it arrives). */
export function useGeneration(id: string | null) {
  return useQuery({ ...generationQueryOptions(id ?? ''), enabled: id !== null });
}
