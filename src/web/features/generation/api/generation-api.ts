import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiProviderInfo } from '../../../../shared/ai.ts';
import type {
  CreateGenerationRequest,
  Generation,
  RegeneratedItem,
} from '../../../../shared/generations.ts';
import { api } from '../../../lib/api-client.ts';

export const createGeneration = (body: CreateGenerationRequest) =>
  api.post<{ id: string }>('/api/generations', body);

export const startAnswers = (id: string, questions: string[]) =>
  api.post<{ id: string }>(`/api/generations/${encodeURIComponent(id)}/answers`, { questions });

export const regenerateAnswer = (id: string, index: number) =>
  api.post<RegeneratedItem>(`/api/generations/${encodeURIComponent(id)}/items/${index}/regenerate`);

export const getGeneration = (id: string) =>
  api.get<Generation>(`/api/generations/${encodeURIComponent(id)}`);

export interface ProvidersResponse {
  providers: AiProviderInfo[];
  selected: string;
  customInstructions: string;
}

export const providersQueryOptions = queryOptions({
  queryKey: ['ai', 'providers'],
  queryFn: () => api.get<ProvidersResponse>('/api/ai/providers'),
  staleTime: 60_000,
});

export function useProviders() {
  return useQuery(providersQueryOptions);
}
