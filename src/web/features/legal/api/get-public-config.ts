import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../shared/public-config.ts';
import { api } from '../../../lib/api-client.ts';
import { parsePublicConfig } from '../../../lib/public-config.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function getPublicConfig(): Promise<PublicConfig> {
  // parsePublicConfig stands in for publicConfigSchema on the zod-free public pages.
  return api.get('/api/config', { anonymous: true, schema: { parse: parsePublicConfig } });
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: getPublicConfig,
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
