import { and, eq } from 'drizzle-orm';
import type { FaqItem, RegeneratedItem } from '../../../shared/generations.ts';
import { faqGenerations } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { reserveCredits, settleReservation } from '../credits/ledger.ts';
import { generateAnswersFromContent, sameAnswer } from '../ai/faq-ai.ts';
import { requireConfirmedAddress } from '../ai/model-access.ts';
import { contentItem } from './answer-items.ts';
import { answerCategory, approvedDrafts, expertsNeedModel, keepAnswers } from './answer-phase.ts';
import { GENERATION_NOT_FOUND, getOwnGeneration, type StoredSources } from './generation.record.ts';
import { interruptedJob, watchWork } from './running-work.ts';
import { announceRegenerationEnd, type RegenerationResult } from './generation-events.ts';
import { GENERATION_QUEUES, type RegenerationJob } from './generation.queues.ts';
import {
  aiRun,
  ProviderBusy,
  type GenerationContext,
  type JobAttempt,
} from './generation.service.ts';

export const REGENERATION_BUSY = '回答を生成中です。完了までお待ちください';
export const OWNER_ANSWER_NOT_REGENERABLE =
  'ご自身で追加したFAQの回答は再生成できません。回答欄で直接編集してください';

/** What the regeneration job leaves for the request waiting on it. */
export type RegenerationOutcome =
  { item: RegeneratedItem } | { error: { statusCode: number; message: string } };

const REGENERATION_WAIT_MS = 180_000;
export const REGENERATION_GAVE_UP =
  '回答を再生成できませんでした。クレジットは消費していません。時間をおいてもう一度お試しください';

/**
 * Regenerates one answer of a finished generation. Work on one generation is serialised: the
 * record is claimed (stage 'answering', status still 'completed') together with the one-credit
 * reservation and the job that does the work, so a second regeneration or an answer run cannot
 * start until this one ends. The request waits for the job, which any process may run.
 * Only a new answer is charged: a failure, or the same text again, costs nothing.
 */
export async function regenerateAnswer(
  ctx: GenerationContext,
  userId: string,
  id: string,
  index: number,
): Promise<RegeneratedItem> {
  const row = await getOwnGeneration(ctx.db, userId, id);
  const sources = row.sources as StoredSources | null;
  const items = (row.items as FaqItem[]) ?? [];
  const current = items[index];
  if (row.stage === 'answering') throw new HttpError(409, REGENERATION_BUSY);
  // The page had no answer to it (that is why the owner wrote one): nothing to generate from.
  if (current?.answerSource === 'owner') throw new HttpError(409, OWNER_ANSWER_NOT_REGENERABLE);
  if (!sources || row.stage !== 'completed' || !current)
    throw new HttpError(409, 'この回答は再生成できません');
  const run = aiRun(ctx.config, sources.ai);
  if (sources.category && run.engine.kind === 'offline') throw expertsNeedModel();
  if (run.engine.kind === 'model') await requireConfirmedAddress(ctx.db, userId);
  // Listening before the claim commits: the job may end before the claim's caller goes on.
  const ending = awaitRegenerationEnd(ctx, id);
  try {
    const claim = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(faqGenerations)
        .set({ stage: 'answering', message: '回答を再生成中...', updatedAt: new Date() })
        .where(and(eq(faqGenerations.id, id), eq(faqGenerations.stage, 'completed')))
        .returning({ id: faqGenerations.id });
      if (!claimed) return null;
      const reservation = await reserveCredits(tx, { userId, amount: 1, generationId: id });
      const jobId = await ctx.jobs.send(
        GENERATION_QUEUES.regeneration,
        {
          id,
          userId,
          reservationId: reservation.id,
          index,
          message: row.message,
        } satisfies RegenerationJob,
        { tx },
      );
      return { jobId, reservationId: reservation.id };
    });
    if (!claim?.jobId) throw new HttpError(409, REGENERATION_BUSY);
    const outcome = await ending.outcome(claim.jobId, claim.reservationId, index);
    if ('error' in outcome) throw new HttpError(outcome.error.statusCode, outcome.error.message);
    return outcome.item;
  } finally {
    ending.stop();
  }
}

/**
 * Waits for the regeneration's end as it is announced on commit (generation-events.ts), from
 * whichever process ran the job or its dead letter, then reads the record once. A deletion of
 * the record ends the wait too. Nothing is read on a timer: if no announcement comes (the
 * listening connection dropped at that moment), the job is read once after REGENERATION_WAIT_MS.
 */
function awaitRegenerationEnd(ctx: GenerationContext, id: string) {
  const ended = new Map<string, RegenerationResult>();
  let deleted = false;
  let wake: (() => void) | null = null;
  const stopEnds = ctx.events.subscribeRegenerationEnd(id, (announced) => {
    // The first end told is the one that happened; a later one only finds it done.
    if (!ended.has(announced.reservationId)) ended.set(announced.reservationId, announced.result);
    wake?.();
  });
  const stopChanges = ctx.events.subscribe(id, (change) => {
    if (change.kind !== 'generation_deleted') return;
    deleted = true;
    wake?.();
  });
  return {
    stop() {
      stopEnds();
      stopChanges();
    },
    async outcome(jobId: string, reservationId: string, index: number) {
      const heard = () => deleted || ended.has(reservationId);
      if (!heard()) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = () => (heard() ? resolve() : undefined);
          timer = setTimeout(resolve, REGENERATION_WAIT_MS);
        });
        clearTimeout(timer);
      }
      if (!heard()) return outcomeOfJob(ctx, jobId);
      const result = ended.get(reservationId);
      return outcomeFromRecord(ctx, id, index, deleted && !result ? 'gone' : result!);
    },
  };
}

/** What the request answers once the regeneration's end is announced: the item as kept. */
async function outcomeFromRecord(
  ctx: GenerationContext,
  id: string,
  index: number,
  result: RegenerationResult,
): Promise<RegenerationOutcome> {
  if (result === 'gave_up') return { error: { statusCode: 503, message: REGENERATION_GAVE_UP } };
  const [row] =
    result === 'gone'
      ? []
      : await ctx.db
          .select({ items: faqGenerations.items })
          .from(faqGenerations)
          .where(eq(faqGenerations.id, id));
  const item = ((row?.items as FaqItem[] | null) ?? [])[index];
  if (!item) return { error: { statusCode: 404, message: GENERATION_NOT_FOUND } };
  if (result === 'unchanged') return { item: { ...item, unchanged: true } };
  if (result === 'failed') return { item: { ...item, regenerationFailed: true } };
  return { item };
}

/** The safety net when no end was heard: the job's output, if it completed. */
async function outcomeOfJob(ctx: GenerationContext, jobId: string): Promise<RegenerationOutcome> {
  const [job] = await ctx.jobs.boss.findJobs<RegenerationJob>(GENERATION_QUEUES.regeneration, {
    id: jobId,
  });
  if (job?.state === 'completed' && job.output) return job.output as RegenerationOutcome;
  if (!job || job.state === 'failed' || job.state === 'cancelled')
    return { error: { statusCode: 503, message: REGENERATION_GAVE_UP } };
  return {
    error: {
      statusCode: 503,
      message: '回答の再生成に時間がかかっています。しばらくしてから履歴でご確認ください',
    },
  };
}

/**
 * The regeneration's job. A retry (its process died) finds the record as the claim left it
 * and does the work again; a record no longer claimed has nothing left to do.
 */
export async function runRegeneration(
  ctx: GenerationContext,
  job: RegenerationJob,
  attempt: JobAttempt,
): Promise<RegenerationOutcome> {
  const { id, index, reservationId } = job;
  const [row] = await ctx.db.select().from(faqGenerations).where(eq(faqGenerations.id, id));
  const items = (row?.items as FaqItem[] | null) ?? [];
  const current = items[index];
  const sources = row?.sources as StoredSources | null;
  if (!row || row.stage !== 'answering' || !current || !sources) {
    // Deleted, or an earlier attempt already kept its answer: nothing is held any more.
    await settleReservation(ctx.db, { reservationId, used: 0, description: '' }).catch(
      () => undefined,
    );
    return current
      ? { item: current }
      : { error: { statusCode: 404, message: GENERATION_NOT_FOUND } };
  }
  const run = aiRun(ctx.config, sources.ai);
  const work = watchWork(ctx, id, attempt.signal);
  run.signal = work.signal;
  let kept = false;
  try {
    let item: FaqItem;
    if (sources.category) {
      item = (
        await answerCategory(
          ctx,
          id,
          run,
          sources.category,
          [current.question],
          sources.answerLength,
        )
      )[0]!;
    } else {
      const [result] = await generateAnswersFromContent(
        run,
        approvedDrafts(row, sources, [current.question]),
        sources.pages,
        sources.answerLength,
      );
      item = contentItem(run, current.question, result!);
    }
    if (interruptedJob(work.signal)) throw work.signal.reason;
    if (item.failed && (run.transientFailures ?? 0) > 0 && !attempt.last)
      throw new ProviderBusy('answer regeneration: provider busy');
    const unchanged = !item.failed && sameAnswer(item.answer, current.answer);
    const produced = item.failed || unchanged ? 0 : 1;
    const next =
      produced > 0
        ? items.map((existing, position) => (position === index ? item : existing))
        : items;
    // The charge and the new answer are kept together, and only while the record exists; the
    // waiting request hears how it ended when they commit.
    const result: RegenerationResult = item.failed ? 'failed' : unchanged ? 'unchanged' : 'kept';
    const charged = await keepAnswers(
      ctx,
      id,
      reservationId,
      produced,
      (credits) => ({
        stage: 'completed',
        message: job.message,
        items: next,
        answers: JSON.stringify(next.map((entry) => entry.answer)),
        creditsUsed: row.creditsUsed + credits,
      }),
      (tx, credits) =>
        announceRegenerationEnd(tx, id, reservationId, credits === null ? 'gone' : result),
    );
    kept = true;
    if (charged === null) return { error: { statusCode: 404, message: GENERATION_NOT_FOUND } };
    if (produced === 0)
      return {
        item: { ...current, ...(unchanged ? { unchanged: true } : { regenerationFailed: true }) },
      };
    return { item };
  } catch (error) {
    // Left to the queue: the next attempt does it again, or the dead letter ends it.
    if (error instanceof ProviderBusy || interruptedJob(work.signal) || !attempt.last) {
      kept = true;
      throw error;
    }
    ctx.log.warn({ err: error, id }, 'answer regeneration failed');
    return { item: { ...current, regenerationFailed: true } };
  } finally {
    work.end();
    // A failure releases the credit and the record with the answers it had.
    if (!kept) await endRegeneration(ctx, job, 'failed');
  }
}

/**
 * Releases the regeneration's credit and gives the record back with the answers it had, telling
 * the waiting request how it ended: `failed` (its last attempt failed in the handler) or
 * `gave_up` (the dead letter ended it).
 */
export async function endRegeneration(
  ctx: GenerationContext,
  job: RegenerationJob,
  result: Extract<RegenerationResult, 'failed' | 'gave_up'>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await settleReservation(tx, {
      reservationId: job.reservationId,
      used: 0,
      description: '',
    }).catch(() => undefined);
    const released = await tx
      .update(faqGenerations)
      .set({ stage: 'completed', message: job.message, updatedAt: new Date() })
      .where(and(eq(faqGenerations.id, job.id), eq(faqGenerations.stage, 'answering')))
      .returning({ id: faqGenerations.id });
    // Already ended (kept by an attempt whose process died after, or deleted): that was told.
    if (released.length > 0) await announceRegenerationEnd(tx, job.id, job.reservationId, result);
  });
}
