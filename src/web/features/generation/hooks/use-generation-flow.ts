import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type {
  CreateGenerationRequest,
  FaqItem,
  Generation,
} from '../../../../shared/generations.ts';
import { showAlert } from '../../../components/ui/alert-dialog.tsx';
import { ApiError, currentAccessToken } from '../../../lib/api-client.ts';
import { createGeneration, startAnswers } from '../api/generation-api.ts';
import { watchGeneration } from '../api/watch-generation.ts';

export type FlowStage = 'input' | 'questions' | 'results';

export interface ProposedQuestion {
  question: string;
  approved: boolean;
  sourceUrl: string | null;
}

export interface FlowState {
  stage: FlowStage;
  busy: boolean;
  progress: { percent: number; message: string } | null;
  generation: Generation | null;
  questions: ProposedQuestion[];
  results: FaqItem[];
  /** The server refused the answer run for lack of credits; the selection is kept. */
  insufficientCredits: boolean;
}

const INITIAL: FlowState = {
  stage: 'input',
  busy: false,
  progress: null,
  generation: null,
  questions: [],
  results: [],
  insufficientCredits: false,
};

/**
 * Spec §4 generation stages: input → questions → results; a failure goes back one stage with
 * the spec's message; back and new-creation reset everything.
 */
export function useGenerationFlow(options: { onBalanceChanged: () => void }) {
  const [state, setState] = useState<FlowState>(INITIAL);
  const abort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const lastRequest = useRef<CreateGenerationRequest | null>(null);

  const follow = useCallback(async (id: string) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    return watchGeneration(
      id,
      currentAccessToken,
      (generation) =>
        setState((current) => ({
          ...current,
          generation,
          progress: { percent: generation.progress, message: generation.message },
        })),
      controller.signal,
    );
  }, []);

  const generateQuestions = useCallback(
    async (request: CreateGenerationRequest) => {
      lastRequest.current = request;
      setState({
        ...INITIAL,
        stage: 'questions',
        busy: true,
        progress: {
          percent: 10,
          message:
            request.method === 'url' && request.url
              ? 'URLからコンテンツを取得中...'
              : '質問の準備中...',
        },
      });
      try {
        const { id } = await createGeneration(request);
        const generation = await follow(id);
        if (generation.stage !== 'questions_ready')
          throw new Error(generation.error ?? generation.message ?? '質問の生成に失敗しました');
        setState((current) => ({
          ...current,
          busy: false,
          generation,
          questions: generation.questions.map((question, index) => ({
            question,
            approved: false,
            sourceUrl: generation.questionSources[index] ?? null,
          })),
        }));
        void queryClient.invalidateQueries({ queryKey: ['generations'] });
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        void showAlert((error as Error).message || '質問の生成に失敗しました');
        setState(INITIAL);
      }
    },
    [follow, queryClient],
  );

  const generateAnswers = useCallback(async () => {
    const generation = state.generation;
    const approved = state.questions
      .filter((question) => question.approved)
      .map((question) => question.question);
    if (!generation || approved.length === 0) return;
    setState((current) => ({
      ...current,
      stage: 'results',
      busy: true,
      insufficientCredits: false,
      progress: { percent: 70, message: '回答を生成中...' },
    }));
    try {
      await startAnswers(generation.id, approved);
      const done = await follow(generation.id);
      if (done.stage !== 'completed') throw new Error(done.error ?? 'FAQの生成に失敗しました');
      setState((current) => ({
        ...current,
        busy: false,
        generation: done,
        results: done.items.map((item) => ({ ...item, approved: !item.failed })),
      }));
      options.onBalanceChanged();
      void queryClient.invalidateQueries({ queryKey: ['generations'] });
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      const insufficientCredits =
        error instanceof ApiError && error.code === 'INSUFFICIENT_CREDITS';
      // Lack of credits is explained in place, with the shortfall and where to get credits.
      if (insufficientCredits) options.onBalanceChanged();
      else void showAlert((error as Error).message || 'FAQの生成に失敗しました');
      setState((current) => ({
        ...current,
        stage: 'questions',
        busy: false,
        progress: null,
        insufficientCredits,
      }));
    }
  }, [follow, options, queryClient, state.generation, state.questions]);

  const reset = useCallback(() => {
    abort.current?.abort();
    setState(INITIAL);
  }, []);

  return {
    state,
    generateQuestions,
    generateAnswers,
    regenerate: () => lastRequest.current && void generateQuestions(lastRequest.current),
    reset,
    toggleQuestion: (index: number) =>
      setState((current) => ({
        ...current,
        questions: current.questions.map((item, position) =>
          position === index ? { ...item, approved: !item.approved } : item,
        ),
      })),
    setAllQuestions: (approved: boolean) =>
      setState((current) => ({
        ...current,
        questions: current.questions.map((item) => ({ ...item, approved })),
      })),
    toggleResult: (index: number) =>
      setState((current) => ({
        ...current,
        results: current.results.map((item, position) =>
          position === index ? { ...item, approved: !item.approved } : item,
        ),
      })),
    replaceResult: (index: number, item: FaqItem) =>
      setState((current) => ({
        ...current,
        results: current.results.map((existing, position) =>
          position === index ? { ...item, approved: !item.failed } : existing,
        ),
      })),
    editAnswer: (index: number, answer: string) =>
      setState((current) => ({
        ...current,
        results: current.results.map((item, position) =>
          position === index
            ? { ...item, answer, ...(item.integratedAnswer ? { integratedAnswer: answer } : {}) }
            : item,
        ),
      })),
  };
}
