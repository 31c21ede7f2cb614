// Japanese validation messages wherever the browser parses with zod.
import '../../../../shared/zod-ja.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '../../../../shared/public-config.ts';
import { api } from '../../../lib/api-client.ts';

export async function getPublicConfig(): Promise<PublicConfig> {
  return publicConfigSchema.parse(await api.get<unknown>('/api/config', { anonymous: true }));
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: getPublicConfig,
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
