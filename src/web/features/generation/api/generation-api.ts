import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiProvidersResponseSchema } from '../../../../shared/ai.ts';
import {
  answerRunSchema,
  cancelResponseSchema,
  faqItemSchema,
  generationCreatedSchema,
  generationSchema,
  questionRunSchema,
  regeneratedItemSchema,
  runningGenerationsSchema,
  unansweredAddedSchema,
  type AnswerUnansweredRequest,
  type CreateGenerationRequest,
} from '../../../../shared/generations.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createGeneration = (body: CreateGenerationRequest) =>
  api.post('/api/generations', body, { schema: generationCreatedSchema });

const generationPath = (id: string) => `/api/generations/${encodeURIComponent(id)}`;

/**
 * One key per click: a retry of the same click sends the same key, so the server answers it
 * with the run it already started instead of charging again.
 */
export const startAnswers = (id: string, questions: string[], idempotencyKey: string) =>
  api.post(
    `${generationPath(id)}/answers`,
    { questions },
    { headers: { 'idempotency-key': idempotencyKey }, schema: answerRunSchema },
  );

/** New questions on the same record: it goes back to 'fetching', then to 'questions_ready'. */
export const regenerateQuestions = (id: string) =>
  api.post(`${generationPath(id)}/questions/regenerate`, undefined, {
    schema: questionRunSchema,
  });

export const saveAnswer = (id: string, index: number, answer: string) =>
  api.patch(`${generationPath(id)}/items/${index}`, { answer }, { schema: faqItemSchema });

/** A reworded question; the answer is left as it is on the server. */
export const saveQuestion = (id: string, index: number, question: string) =>
  api.patch(`${generationPath(id)}/items/${index}`, { question }, { schema: faqItemSchema });

/** 承認 of one FAQ, kept on the record so a reload and the history export the same FAQs. */
export const saveApproval = (id: string, index: number, approved: boolean) =>
  api.patch(`${generationPath(id)}/items/${index}`, { approved }, { schema: faqItemSchema });

/** The owner checked an answer's 要確認 figures against the page: the flag is cleared. */
export const clearFigureFlag = (id: string, index: number) =>
  api.patch(
    `${generationPath(id)}/items/${index}`,
    { clearUnverified: true },
    { schema: faqItemSchema },
  );

/** The owner's answer to a question the page left unanswered: a free FAQ of the record. */
export const answerUnanswered = (id: string, intentId: string, body: AnswerUnansweredRequest) =>
  api.post(`${generationPath(id)}/unanswered/${encodeURIComponent(intentId)}`, body, {
    schema: unansweredAddedSchema,
  });

export const cancelGeneration = (id: string) =>
  api.post(`${generationPath(id)}/cancel`, undefined, { schema: cancelResponseSchema });

export const regenerateAnswer = (id: string, index: number) =>
  api.post(`${generationPath(id)}/items/${index}/regenerate`, undefined, {
    schema: regeneratedItemSchema,
  });

export const getGeneration = (id: string) =>
  api.get(generationPath(id), { schema: generationSchema });

/** The user's jobs working now (any tab, any device): /generate shows them. */
export const getRunningGenerations = () =>
  api.get('/api/generations/running', { schema: runningGenerationsSchema });

export const runningGenerationsQueryOptions = queryOptions({
  queryKey: [...queryKeys.generations, 'running'],
  queryFn: getRunningGenerations,
  // Shown while they run: re-read until none is left, so a finished one leaves the notice.
  refetchInterval: (query) => ((query.state.data?.generations.length ?? 0) > 0 ? 5000 : false),
});

export function useRunningGenerations() {
  return useQuery(runningGenerationsQueryOptions);
}

export const providersQueryOptions = queryOptions({
  queryKey: queryKeys.aiProviders,
  queryFn: () => api.get('/api/ai/providers', { schema: aiProvidersResponseSchema }),
  staleTime: 60_000,
});

export function useProviders() {
  return useQuery(providersQueryOptions);
}
