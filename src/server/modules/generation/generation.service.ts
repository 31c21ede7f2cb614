import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  CANCELLED_MESSAGE,
  PROGRESS_STEPS,
  crawlProgress,
  type CreateGenerationRequest,
} from '../../../shared/generations.ts';
import { defaultGenerationTitle, titleFromPage } from '../../../shared/generation-title.ts';
import { MODEL_USE_LIMITS, QUESTION_PHASES_PER_DAY_REACHED } from '../../../shared/model-use.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { faqGenerations, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { crawlBooking, withinQuestionPhaseLimit } from './generation-limits.ts';
import { interruptedJob, stoppedByCancel, watchWork } from './running-work.ts';
import { GENERATION_QUEUES, type QuestionJob } from './generation.queues.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { GenerationEvents } from './generation-events.ts';
import { generateCategoryQuestions, type CategoryInput } from '../ai/category-ai.ts';
import { generateQuestionsFromContent, type QuestionSet } from '../ai/faq-ai.ts';
import { unansweredIntents } from '../ai/intent-bank.ts';
import { consumeDailyAllowance, requireConfirmedAddress } from '../ai/model-access.ts';
import type { AiRun } from '../ai/model-run.ts';
import type { ContentPage } from '../ai/offline-engine.ts';
import { autoChain, resolveEngine } from '../ai/providers.ts';
import { aiLimiter, emptyUsage, isTransientProviderError } from '../ai/structured.ts';
import type { PageRenderer } from '../ingestion/browser-render.ts';
import { ingestText, ingestUrl } from '../ingestion/ingestion.service.ts';
import {
  isCancelRequested,
  newGenerationId,
  recordExists,
  update,
  updateProgress,
  type StoredSources,
} from './generation.record.ts';

/** The question phase: from input to proposed questions. The answer phase is in answer-phase.ts. */
export interface GenerationContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  renderer?: PageRenderer;
  /** The queue a phase's job is created in, with the record's claim (docs/adr/038). */
  jobs: JobQueue;
  /** Committed changes of records, from every process (a cancel or deletion stops the work). */
  events: GenerationEvents;
}

/** How a job runs the work: the queue's signal for it, and whether no retry is left after it. */
export interface JobAttempt {
  signal: AbortSignal;
  last: boolean;
}

/** Shown while a job waits to try the provider again (the queue retries it with backoff). */
export const PROVIDER_BUSY_MESSAGE =
  'AIプロバイダーが混み合っているため、しばらくしてから自動で再試行します...';

/** A provider was busy or unreachable: the job's attempt fails and the queue tries again later. */
export class ProviderBusy extends Error {
  override name = 'ProviderBusy';
}

export function errorText(error: unknown, fallback: string): string {
  return error instanceof HttpError ? error.message : fallback;
}

function categoryPath(input: CreateGenerationRequest): string {
  return (
    [input.major, input.medium, input.minor].filter(Boolean).join(' > ') || input.categoryName || ''
  );
}

export function aiRun(config: Config, ai: CreateGenerationRequest['ai']): AiRun {
  const engine = resolveEngine(config, ai.provider, ai.model);
  return {
    engine,
    // `auto` fails over to every other configured provider; a chosen provider stands alone.
    chain: engine.kind === 'model' && ai.provider === 'auto' ? autoChain(config) : [],
    limiter: aiLimiter(config.AI_CONCURRENCY),
    usage: emptyUsage(),
    customInstructions: ai.customInstructions,
  };
}

/** Creates the record and, in the same transaction, the question phase's job; returns at once. */
export async function startGeneration(
  ctx: GenerationContext,
  userId: string,
  input: CreateGenerationRequest,
): Promise<string> {
  // A provider without a key fails here, before any work or record: nothing is reserved or
  // stored for a run that could never start.
  const run = aiRun(ctx.config, input.ai);
  const usesModel = run.engine.kind === 'model';
  if (usesModel) await requireConfirmedAddress(ctx.db, userId);
  const id = newGenerationId();
  const inputData =
    input.method === 'url'
      ? {
          url: input.url ?? '',
          textInput: input.textInput ?? '',
          faqCount: input.faqCount,
          includeSubpages: input.includeSubpages,
        }
      : {
          categoryName: input.categoryName,
          responders: (input.responders ?? []).filter((responder) => responder.trim()),
          categoryFaqCount: input.faqCount,
          major: input.major ?? '',
          medium: input.medium ?? '',
          minor: input.minor ?? '',
        };
  // The owner's name stands; otherwise one from the input until the page's own is known.
  const title = input.title || defaultGenerationTitle(input);
  const crawl = await crawlBooking(input, ctx.config);
  await withinQuestionPhaseLimit(
    ctx.db,
    userId,
    async (tx) => {
      // Counted with the insert: a refusal of this start (too many running) counts nothing.
      if (usesModel)
        await consumeDailyAllowance(
          tx,
          `question-phase-day:${userId}`,
          MODEL_USE_LIMITS.questionPhasesPerDay,
          QUESTION_PHASES_PER_DAY_REACHED,
        );
      await tx.insert(faqGenerations).values({
        id,
        userId,
        title,
        method: input.method,
        status: 'generating',
        stage: 'fetching',
        ...firstStep(input),
        inputData: JSON.stringify(inputData),
        crawlHost: crawl?.host ?? null,
        engine:
          run.engine.kind === 'offline'
            ? 'offline'
            : `${run.engine.provider}:${run.engine.modelId}`,
      });
      await ctx.jobs.send(
        GENERATION_QUEUES.questions,
        { id, input, previous: null } satisfies QuestionJob,
        { tx },
      );
    },
    crawl,
  );
  await ctx.db
    .update(users)
    .set({
      aiProvider: input.ai.provider,
      aiCustomInstructions: input.ai.customInstructions ?? null,
    })
    .where(eq(users.id, userId));
  return id;
}

/**
 * The questions stage says how many were made, and when fewer than asked, why: before anything
 * is charged, the user knows what the content held.
 */
export function questionsReadyMessage(
  made: number,
  asked: number,
  run: AiRun,
  isCategory: boolean,
): string {
  if (isCategory && run.engine.kind === 'offline') {
    return `${made}件の質問チェックリストを作成しました。オフライン簡易エンジンでは専門家の回答は作成できないため、回答の作成にはAIプロバイダーの設定が必要です（クレジットは消費しません）`;
  }
  if (made >= asked) return `${made}件の質問を作成しました。回答を作成する質問を選んでください`;
  return `${made}件の質問を作成しました（ご指定は${asked}件）。内容に含まれる事実から、重複しない質問はこれ以上作成できませんでした。ページやテキストを追加すると、質問を増やせます。回答を作成する質問を選んでください`;
}

export function firstStep(input: CreateGenerationRequest) {
  return input.method === 'url'
    ? input.url
      ? PROGRESS_STEPS.fetchingUrl
      : PROGRESS_STEPS.readingText
    : PROGRESS_STEPS.preparingCategory;
}

/**
 * Thrown between steps when the user cancelled (a cancel during a model call aborts the call
 * instead); handled like a failure, with its own ending.
 */
class Cancelled extends Error {}

/**
 * From input to proposed questions. `previous` (the draft's questions) reruns it on a draft:
 * they stay until new ones replace them, a failure or cancel returns to them, and the engines
 * are asked for other questions first, so regenerating brings the next-best set.
 */
export async function runQuestionPhase(
  ctx: GenerationContext,
  id: string,
  input: CreateGenerationRequest,
  run: AiRun,
  previous: string[] | null,
  attempt: JobAttempt,
) {
  const regenerating = previous !== null;
  const stopIfCancelled = async () => {
    if (await isCancelRequested(ctx.db, id)) throw new Cancelled();
  };
  const work = watchWork(ctx, id, attempt.signal);
  run.signal = work.signal;
  try {
    let pages: ContentPage[] = [];
    let title: string | undefined;
    let crawlReport = null;
    if (input.method === 'url') {
      if (input.url) {
        const result = await ingestUrl({
          url: input.url,
          includeSubpages: input.includeSubpages,
          maxPages: ctx.config.CRAWL_MAX_PAGES,
          allowPrivate: ctx.config.FETCH_ALLOW_PRIVATE,
          renderer: ctx.renderer,
          onProgress: (done, total) =>
            void updateProgress(ctx.db, id, 'fetching', {
              progress: crawlProgress(done, total),
              message: `ページを取得中...（${done}/${total}）`,
            }).catch(() => undefined),
        });
        pages = result.pages.map((page) => ({
          url: page.url,
          title: page.title,
          markdown: page.markdown,
        }));
        crawlReport = result.report;
        const first = result.pages[0];
        if (!input.title && first) title = titleFromPage(first) ?? undefined;
      }
      if (input.textInput?.trim()) {
        const text = ingestText(input.textInput);
        pages.push({ url: '', title: '入力テキスト', markdown: text.markdown });
      }
      await stopIfCancelled();
      await updateProgress(ctx.db, id, 'fetching', { ...PROGRESS_STEPS.analysing, crawlReport });
      // Only over the name given at the start: a rename (also before 再生成) is the owner's.
      if (title)
        await ctx.db
          .update(faqGenerations)
          .set({ title })
          .where(
            and(eq(faqGenerations.id, id), eq(faqGenerations.title, defaultGenerationTitle(input))),
          );
    }
    await stopIfCancelled();
    await updateProgress(ctx.db, id, 'fetching', PROGRESS_STEPS.questions);
    const category: CategoryInput | undefined =
      input.method === 'category'
        ? {
            name: input.categoryName!,
            path: categoryPath(input),
            responders: (input.responders ?? []).filter((responder) => responder.trim()),
          }
        : undefined;
    const questionSet: QuestionSet = category
      ? { drafts: await generateCategoryQuestions(run, category, input.faqCount, previous ?? []) }
      : await generateQuestionsFromContent(run, pages, input.faqCount, previous ?? []);
    const drafts = questionSet.drafts;
    if (drafts.length === 0)
      throw new HttpError(
        422,
        '内容から質問を作成できませんでした。別のページやテキストでお試しください',
      );
    await stopIfCancelled();
    const sources: StoredSources = {
      pages,
      questionSources: drafts.map((draft) => draft.sourceUrl ?? null),
      questionEvidence: drafts.map((draft) => draft.evidence ?? null),
      answerLength: input.answerLength,
      ai: input.ai,
      ...(category ? { category } : {}),
    };
    await update(ctx.db, id, {
      stage: 'questions_ready',
      progress: PROGRESS_STEPS.questionsReady.progress,
      message: questionsReadyMessage(drafts.length, input.faqCount, run, Boolean(category)),
      questions: JSON.stringify(drafts.map((draft) => draft.question)),
      sources,
      // Read from the content itself, whichever engine wrote the questions: no page, no list.
      unansweredIntents: category
        ? []
        : unansweredIntents(pages).map(({ id, question }) => ({ id, question })),
      tokenUsage: run.usage,
      cancelRequested: false,
      error: null,
    });
  } catch (error) {
    // This process stopped (or lost the job): its next attempt starts the phase again.
    if (interruptedJob(work.signal)) throw error;
    const busy = isTransientProviderError(error) || (run.transientFailures ?? 0) > 0;
    if (busy && !attempt.last && !work.signal.aborted) {
      await updateProgress(ctx.db, id, 'fetching', { message: PROVIDER_BUSY_MESSAGE });
      throw new ProviderBusy('question phase: provider busy', { cause: error });
    }
    const cancelled = error instanceof Cancelled || stoppedByCancel(work.signal);
    // A deleted record's work simply ends: there is nothing left to report to.
    if ((work.signal.aborted && !cancelled) || !(await recordExists(ctx.db, id).catch(() => true)))
      return;
    if (!cancelled) ctx.log.warn({ err: error, id }, 'question generation failed');
    const text = cancelled ? CANCELLED_MESSAGE : errorText(error, '質問の生成に失敗しました');
    // A draft keeps its previous questions; a first run has nothing to go back to.
    await update(
      ctx.db,
      id,
      regenerating
        ? {
            stage: 'questions_ready',
            progress: PROGRESS_STEPS.questionsReady.progress,
            message: text,
            error: cancelled ? null : text,
            cancelRequested: false,
          }
        : cancelled
          ? // Stopped on request: nothing failed, and nothing was made or charged.
            {
              status: 'cancelled',
              stage: 'failed',
              message: text,
              error: null,
              cancelRequested: false,
            }
          : {
              status: 'failed',
              stage: 'failed',
              message: text,
              error: text,
              cancelRequested: false,
            },
    );
  } finally {
    work.end();
  }
}
