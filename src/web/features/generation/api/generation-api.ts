import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiProviderInfo } from '../../../../shared/ai.ts';
import type {
  AnswerRun,
  CancelResponse,
  CreateGenerationRequest,
  FaqItem,
  Generation,
  QuestionRun,
  RegeneratedItem,
} from '../../../../shared/generations.ts';
import { api } from '../../../lib/api-client.ts';

export const createGeneration = (body: CreateGenerationRequest) =>
  api.post<{ id: string }>('/api/generations', body);

const generationPath = (id: string) => `/api/generations/${encodeURIComponent(id)}`;

/**
 * One key per click: a retry of the same click sends the same key, so the server answers it
 * with the run it already started instead of charging again.
 */
export const startAnswers = (id: string, questions: string[], idempotencyKey: string) =>
  api.post<AnswerRun>(
    `${generationPath(id)}/answers`,
    { questions },
    { headers: { 'idempotency-key': idempotencyKey } },
  );

/** New questions on the same record: it goes back to 'fetching', then to 'questions_ready'. */
export const regenerateQuestions = (id: string) =>
  api.post<QuestionRun>(`${generationPath(id)}/questions/regenerate`);

export const saveAnswer = (id: string, index: number, answer: string) =>
  api.patch<FaqItem>(`${generationPath(id)}/items/${index}`, { answer });

export const cancelGeneration = (id: string) =>
  api.post<CancelResponse>(`${generationPath(id)}/cancel`);

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
