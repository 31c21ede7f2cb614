import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  CANCELLED_MESSAGE,
  PROGRESS_STEPS,
  sameGenerationInput,
  type CreateGenerationRequest,
  type FaqItem,
  type Generation,
  type UnansweredAdded,
} from '../../../../shared/generations.ts';
import { EMAIL_NOT_CONFIRMED } from '../../../../shared/model-use.ts';
import { confirmDialog, showAlert } from '../../../components/ui/alert-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { errorMessage, showError, UserFacingError } from '../../../lib/show-error.ts';
import {
  cancelGeneration,
  createGeneration,
  getGeneration,
  getRunningGenerations,
  regenerateQuestions as requestQuestions,
  startAnswers,
} from '../api/generation-api.ts';
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
  /** The record being worked on, known as soon as it exists (cancel needs it). */
  generationId: string | null;
  /** The server stage of the running phase: 中止 is offered while crawling or answering. */
  runningStage: Generation['stage'] | null;
  cancelling: boolean;
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
  generationId: null,
  runningStage: null,
  cancelling: false,
  generation: null,
  questions: [],
  results: [],
  insufficientCredits: false,
};

export const EMAIL_CONFIRMATION_NEEDED = 'メールアドレスの確認が必要です';
export const SAME_JOB_RUNNING = '同じ内容のFAQを生成中です';

/**
 * The user's running job with the same input, if any: starting it again would make a second
 * draft of the same FAQ (owners did, after a reload showed an empty form). A failed look
 * decides nothing: the start goes ahead as before.
 */
async function runningTwin(request: CreateGenerationRequest) {
  const running = await getRunningGenerations().catch(() => null);
  return running?.generations.find((job) => sameGenerationInput(request, job)) ?? null;
}

/**
 * A failed start, in a dialog. Work on the AI models refused for an unconfirmed address gets a
 * heading saying so, above the server's reason (which says how to confirm); anything else reads
 * the server's reason or the screen's words.
 */
function alertFailure(error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.code === EMAIL_NOT_CONFIRMED)
    void showAlert(EMAIL_CONFIRMATION_NEEDED, error.message);
  else void showAlert(errorMessage(error, fallback));
}

/** A fresh key per click on 回答を作成; the client's own retries of that request reuse it. */
function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; getRandomValues everywhere.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

function firstStepMessage(generation: Generation): string {
  if (generation.method === 'category') return PROGRESS_STEPS.preparingCategory.message;
  return typeof generation.inputData.url === 'string' && generation.inputData.url
    ? PROGRESS_STEPS.fetchingUrl.message
    : PROGRESS_STEPS.readingText.message;
}

/**
 * docs/spec.md §4 generation stages: input → questions → results; a failure goes back one stage
 * with the spec's message; back and new-creation reset everything.
 */
export function useGenerationFlow(options: { onBalanceChanged: () => void }) {
  const [state, setState] = useState<FlowState>(INITIAL);
  const abort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();

  const follow = useCallback(async (id: string) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState((current) => ({ ...current, generationId: id }));
    return watchGeneration(
      id,
      // The pushed state is shown as it is: no read of the whole record per step.
      ({ stage, progress, message }) =>
        setState((current) => ({
          ...current,
          runningStage: stage,
          progress: { percent: progress, message },
        })),
      controller.signal,
    );
  }, []);

  const showQuestions = useCallback((generation: Generation) => {
    setState((current) => ({
      ...current,
      stage: 'questions',
      busy: false,
      cancelling: false,
      runningStage: null,
      generationId: generation.id,
      generation,
      questions: generation.questions.map((question, index) => ({
        question,
        approved: false,
        sourceUrl: generation.questionSources[index] ?? null,
      })),
    }));
  }, []);

  const showResults = useCallback((generation: Generation) => {
    setState((current) => ({
      ...current,
      stage: 'results',
      busy: false,
      cancelling: false,
      runningStage: null,
      generationId: generation.id,
      generation,
      // The owner's 承認 is kept on the record: a reload shows (and exports) the same choice.
      results: generation.items.map((item) => ({
        ...item,
        approved: item.approved && !item.failed,
      })),
    }));
  }, []);

  /** Opens a saved record where it stands: a draft at its questions, a finished one's FAQ. */
  const resume = useCallback(
    async (id: string) => {
      setState({ ...INITIAL, stage: 'questions', busy: true, generationId: id });
      try {
        let generation = await getGeneration(id);
        if (generation.stage === 'fetching' || generation.stage === 'answering') {
          setState((current) => ({
            ...current,
            stage: generation.stage === 'answering' ? 'results' : 'questions',
            runningStage: generation.stage,
            progress: { percent: generation.progress, message: generation.message },
          }));
          generation = await follow(id);
        }
        if (generation.stage === 'questions_ready') return showQuestions(generation);
        if (generation.stage === 'completed') return showResults(generation);
        // A question phase stopped on request: nothing went wrong, the form is there again.
        if (generation.status === 'cancelled') {
          toast.info(generation.message || CANCELLED_MESSAGE);
          return setState(INITIAL);
        }
        throw new UserFacingError(generation.error || generation.message || 'この履歴は開けません');
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        void showAlert(errorMessage(error, 'この履歴は開けません'));
        setState(INITIAL);
      }
    },
    [follow, showQuestions, showResults],
  );

  const generateQuestions = useCallback(
    async (request: CreateGenerationRequest) => {
      const twin = await runningTwin(request);
      if (
        twin &&
        !(await confirmDialog(SAME_JOB_RUNNING, {
          description: `「${twin.title}」を同じ内容で生成しています（${twin.progress}%）。もう一つ作成すると、同じFAQが2件になります。キャンセルすると、実行中の生成の進行状況を表示します。`,
          confirmLabel: 'もう一つ作成する',
        }))
      )
        return resume(twin.id);
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
        void queryClient.invalidateQueries({ queryKey: queryKeys.generations });
        if (generation.stage === 'questions_ready') return showQuestions(generation);
        const reason = generation.error ?? generation.message ?? '質問の生成に失敗しました';
        // Stopped on request: nothing went wrong, the form is there to start again.
        if (reason.startsWith(CANCELLED_MESSAGE)) {
          toast.info(reason);
          return setState(INITIAL);
        }
        throw new UserFacingError(reason);
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        alertFailure(error, '質問の生成に失敗しました');
        setState(INITIAL);
      }
    },
    [follow, queryClient, resume, showQuestions],
  );

  /** 再生成: the same record runs its question phase again and shows the next questions. */
  const regenerateQuestions = useCallback(async () => {
    const generation = state.generation;
    if (!generation) return;
    setState((current) => ({
      ...current,
      busy: true,
      insufficientCredits: false,
      progress: { percent: 10, message: firstStepMessage(generation) },
    }));
    try {
      await requestQuestions(generation.id);
      const done = await follow(generation.id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.generations });
      if (done.stage !== 'questions_ready')
        throw new UserFacingError(done.error ?? done.message ?? '質問の生成に失敗しました');
      showQuestions(done);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      alertFailure(error, '質問の生成に失敗しました');
      setState((current) => ({ ...current, busy: false, progress: null, runningStage: null }));
    }
  }, [follow, queryClient, showQuestions, state.generation]);

  /** 中止: the job stops at its next step; what it produced is kept and shown. */
  const cancel = useCallback(async () => {
    const id = state.generationId;
    if (!id) return;
    setState((current) => ({ ...current, cancelling: true }));
    try {
      await cancelGeneration(id);
    } catch (error) {
      setState((current) => ({ ...current, cancelling: false }));
      // 409 (実行中の処理はありません): the job already ended; its result arrives as usual.
      if (error instanceof ApiError && error.status === 409) toast.info(error.message);
      else showError(error, '中止できませんでした');
    }
  }, [state.generationId]);

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
      runningStage: 'answering',
      progress: {
        percent: PROGRESS_STEPS.answersStarted.progress,
        message: PROGRESS_STEPS.answersStarted.message,
      },
    }));
    try {
      await startAnswers(generation.id, approved, idempotencyKey());
      const done = await follow(generation.id);
      options.onBalanceChanged();
      void queryClient.invalidateQueries({ queryKey: queryKeys.generations });
      if (done.stage === 'completed') return showResults(done);
      // Cancelled before any answer was made: nothing was charged, the questions wait again.
      if (done.stage === 'questions_ready') {
        toast.info(done.message || CANCELLED_MESSAGE);
        return showQuestions(done);
      }
      throw new UserFacingError(done.error ?? 'FAQの生成に失敗しました');
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      const insufficientCredits =
        error instanceof ApiError && error.code === 'INSUFFICIENT_CREDITS';
      // Lack of credits is explained in place, with the shortfall and where to get credits.
      if (insufficientCredits) options.onBalanceChanged();
      else alertFailure(error, 'FAQの生成に失敗しました');
      setState((current) => ({
        ...current,
        stage: 'questions',
        busy: false,
        cancelling: false,
        runningStage: null,
        progress: null,
        insufficientCredits,
      }));
    }
  }, [follow, options, queryClient, showQuestions, showResults, state.generation, state.questions]);

  // Leaving the page stops following (the job itself goes on on the server).
  useEffect(() => () => abort.current?.abort(), []);

  const reset = useCallback(() => {
    abort.current?.abort();
    setState(INITIAL);
  }, []);

  return {
    state,
    generateQuestions,
    generateAnswers,
    regenerate: () => void regenerateQuestions(),
    resume,
    cancel,
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
    /** 承認 of one FAQ (what the exports take); the route saves it on the record. */
    setApproved: (index: number, approved: boolean) =>
      setState((current) => ({
        ...current,
        results: current.results.map((item, position) =>
          position === index ? { ...item, approved } : item,
        ),
      })),
    replaceResult: (index: number, item: FaqItem) =>
      setState((current) => ({
        ...current,
        results: current.results.map((existing, position) =>
          position === index ? { ...item, approved: !item.failed } : existing,
        ),
      })),
    /** The owner answered a question the page left unanswered: a new FAQ at the end. */
    addOwnerItem: ({ item, unansweredIntents }: UnansweredAdded) =>
      setState((current) => ({
        ...current,
        results: [...current.results, item],
        generation: current.generation ? { ...current.generation, unansweredIntents } : null,
      })),
    /**
     * The server kept an edit: it is 編集済み; newer typing since the save is not lost, nor a
     * question reworded while the answer was being saved (the one shown is the latest kept).
     */
    markSaved: (index: number, saved: FaqItem) =>
      setState((current) => ({
        ...current,
        results: current.results.map((item, position) =>
          position !== index
            ? item
            : item.answer === saved.answer
              ? { ...saved, question: item.question, approved: item.approved }
              : { ...item, edited: true },
        ),
      })),
    /** The server kept a reworded question: only the question changes (answer typing goes on). */
    setQuestion: (index: number, question: string) =>
      setState((current) => ({
        ...current,
        results: current.results.map((item, position) =>
          position === index ? { ...item, question, edited: true } : item,
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
