import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../shared/public-config.ts';
import { api } from '../../../lib/api-client.ts';
import { parsePublicConfig } from '../../../lib/public-config.ts';

export async function getPublicConfig(): Promise<PublicConfig> {
  return parsePublicConfig(await api.get<unknown>('/api/config', { anonymous: true }));
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: getPublicConfig,
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
