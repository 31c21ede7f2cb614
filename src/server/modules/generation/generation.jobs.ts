import { eq } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { PROGRESS_STEPS } from '../../../shared/generations.ts';
import { creditReservations, faqGenerations } from '../../db/schema.ts';
import { settleReservation } from '../credits/ledger.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';
import { endAnswerRun, PROVIDER_GAVE_UP, runAnswerPhase } from './answer-phase.ts';
import { endRegeneration, runRegeneration } from './answer-regenerate.ts';
import {
  GENERATION_QUEUES,
  type AnswerJob,
  type QuestionJob,
  type RegenerationJob,
} from './generation.queues.ts';
import { parseList, update, type StoredSources } from './generation.record.ts';
import {
  aiRun,
  errorText,
  runQuestionPhase,
  type GenerationContext,
  type JobAttempt,
} from './generation.service.ts';

const QUESTIONS_GAVE_UP =
  '質問を作成できませんでした。AIプロバイダーが応答しないか、処理が中断されました。時間をおいてもう一度お試しください';

const record = async (ctx: GenerationContext, id: string) =>
  (await ctx.db.select().from(faqGenerations).where(eq(faqGenerations.id, id)))[0];

const stillHeld = async (ctx: GenerationContext, reservationId: string) =>
  (
    await ctx.db
      .select({ status: creditReservations.status })
      .from(creditReservations)
      .where(eq(creditReservations.id, reservationId))
  )[0]?.status === 'held';

/**
 * The generation's queues and their handlers. Every job can run in any process; a retry (a
 * process that died or stopped, a provider that was busy) starts from what its record holds.
 */
export function generationJobs(ctx: GenerationContext): JobDefinition[] {
  const retries = {
    retryLimit: ctx.config.GENERATION_JOB_RETRIES,
    retryDelay: ctx.config.GENERATION_JOB_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 600,
    // A job whose process dies stops beating: supervision hands it to a retry within seconds.
    heartbeatSeconds: 10,
    expireInSeconds: 3600,
    deadLetter: GENERATION_QUEUES.dead,
  };
  const attemptOf = (job: Job<object>): JobAttempt => ({
    signal: job.signal,
    last: job.retryCount >= ctx.config.GENERATION_JOB_RETRIES,
  });
  // Several jobs at once per process; their model calls share AI_CONCURRENCY slots. A new job
  // wakes the workers at once (NOTIFY); a retry coming due is found by polling.
  const work = { localConcurrency: 10, notifyPollingIntervalSeconds: 5 };
  return [
    {
      name: GENERATION_QUEUES.questions,
      options: retries,
      work,
      handler: async (job) => {
        const data = job.data as QuestionJob;
        const row = await record(ctx, data.id);
        // Deleted, cancelled or already done by an earlier attempt: nothing left to do.
        if (!row || row.stage !== 'fetching' || row.status !== 'generating') return;
        const attempt = attemptOf(job);
        let run;
        try {
          run = aiRun(ctx.config, data.input.ai);
        } catch (error) {
          // A provider whose key was removed since: the phase ends as it would have at start.
          const text = errorText(error, '質問の生成に失敗しました');
          await update(ctx.db, data.id, {
            status: 'failed',
            stage: 'failed',
            message: text,
            error: text,
          });
          return;
        }
        await runQuestionPhase(ctx, data.id, data.input, run, data.previous, attempt);
      },
    },
    {
      name: GENERATION_QUEUES.answers,
      options: retries,
      work,
      handler: async (job) => {
        const data = job.data as AnswerJob;
        const row = await record(ctx, data.id);
        const sources = row?.sources as StoredSources | null | undefined;
        if (!row || row.stage !== 'answering' || row.status !== 'generating' || !sources) {
          // The record ended without this run (deleted, or its reservation already settled).
          if (await stillHeld(ctx, data.reservationId))
            await settleReservation(ctx.db, {
              reservationId: data.reservationId,
              used: 0,
              description: '',
            });
          return;
        }
        await runAnswerPhase(
          ctx,
          row,
          sources,
          data.questions,
          aiRun(ctx.config, sources.ai),
          data.reservationId,
          attemptOf(job),
        );
      },
    },
    {
      name: GENERATION_QUEUES.regeneration,
      options: { ...retries, expireInSeconds: 600 },
      work,
      handler: async (job) => runRegeneration(ctx, job.data as RegenerationJob, attemptOf(job)),
    },
    {
      name: GENERATION_QUEUES.dead,
      options: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
      work: { notifyPollingIntervalSeconds: 5 },
      handler: async (job) => {
        const kind = kindOf(job);
        if (kind === 'answers') {
          const dead = job.data as AnswerJob;
          await endAnswerRun(ctx, dead.id, dead.reservationId, PROVIDER_GAVE_UP);
        } else if (kind === 'regeneration') {
          await endRegeneration(ctx, job.data as RegenerationJob, 'gave_up');
        } else {
          const dead = job.data as QuestionJob;
          const row = await record(ctx, dead.id);
          if (!row || row.stage !== 'fetching' || row.status !== 'generating') return;
          // A draft goes back to its questions; a first phase fails, charged nothing.
          await update(
            ctx.db,
            dead.id,
            parseList(row.questions).length > 0
              ? {
                  stage: 'questions_ready',
                  progress: PROGRESS_STEPS.questionsReady.progress,
                  message: QUESTIONS_GAVE_UP,
                  error: QUESTIONS_GAVE_UP,
                  cancelRequested: false,
                }
              : {
                  status: 'failed',
                  stage: 'failed',
                  message: QUESTIONS_GAVE_UP,
                  error: QUESTIONS_GAVE_UP,
                  cancelRequested: false,
                },
          );
        }
      },
    },
  ];
}

/** Which queue a dead job came from, read from its payload's shape. */
function kindOf(job: Job<object>): 'questions' | 'answers' | 'regeneration' {
  const data = job.data as Record<string, unknown>;
  if ('input' in data) return 'questions';
  if ('index' in data) return 'regeneration';
  return 'answers';
}
