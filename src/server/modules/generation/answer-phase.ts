import { and, eq } from 'drizzle-orm';
import {
  PROGRESS_STEPS,
  answerProgress,
  cancelledAnswersMessage,
  type AnswerRun,
  type FaqItem,
} from '../../../shared/generations.ts';
import type { AnswerLength } from '../../../shared/limits.ts';
import type { Transaction } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { reserveCredits, settleReservation, usageDescription } from '../credits/ledger.ts';
import {
  generateExpertAnswer,
  generateIntegratedAnswer,
  type CategoryInput,
} from '../ai/category-ai.ts';
import { ANSWER_FAILED, generateAnswersFromContent } from '../ai/faq-ai.ts';
import { figureRewritesNote, withFlaggedNote } from '../../../shared/figure-flags.ts';
import { requireConfirmedAddress } from '../ai/model-access.ts';
import type { AiRun, ModelAnswer } from '../ai/model-run.ts';
import type { DraftQuestion } from '../ai/offline-engine.ts';
import { contentItem } from './answer-items.ts';
import {
  afterQueuedWrites,
  getOwnGeneration,
  isCancelRequested,
  parseList,
  update,
  updateProgress,
  type RecordValues,
  type Row,
  type StoredSources,
} from './generation.record.ts';
import { interruptedJob, stoppedByCancel, watchWork } from './running-work.ts';
import { findIdempotentResult, storeIdempotentResult } from './idempotency.ts';
import { GENERATION_QUEUES, type AnswerJob } from './generation.queues.ts';
import {
  aiRun,
  errorText,
  ProviderBusy,
  type GenerationContext,
  type JobAttempt,
} from './generation.service.ts';

export const NOT_ANSWERABLE = 'このFAQはまだ回答を作成できる状態ではありません';
const answersScope = (id: string) => `POST /generations/${id}/answers`;

/**
 * Starts the one answer run of a generation: reserves one credit per approved question before
 * any AI call ('クレジットが不足しています' otherwise) and creates the run's job in the same
 * transaction, which any process then works, charging only answers actually produced. A repeated or concurrent request (or the same Idempotency-Key
 * from any process) gets the same run and is charged nothing. A completed record answers with
 * its existing run too (reused: true): its answers are never replaced by a second run.
 */
export async function startAnswers(
  ctx: GenerationContext,
  userId: string,
  id: string,
  questions: string[],
  idempotencyKey?: string,
): Promise<AnswerRun> {
  const scope = answersScope(id);
  if (idempotencyKey) {
    const stored = await findIdempotentResult<AnswerRun>(ctx.db, userId, idempotencyKey, scope);
    if (stored) return { ...stored.response, reused: true };
  }
  const row = await getOwnGeneration(ctx.db, userId, id);
  if (row.stage === 'answering' || row.stage === 'completed') return { id, reused: true };
  const sources = row.sources as StoredSources | null;
  // A failed answer run charged nothing and kept its questions, so it may run again.
  const retryable =
    row.stage === 'questions_ready' || (row.stage === 'failed' && !hasItems(row.items));
  if (!sources || !retryable || parseList(row.questions).length === 0)
    throw new HttpError(409, NOT_ANSWERABLE);
  const run = aiRun(ctx.config, sources.ai);
  if (sources.category && run.engine.kind === 'offline') throw expertsNeedModel();
  if (run.engine.kind === 'model') await requireConfirmedAddress(ctx.db, userId);
  // Claim, reservation and job commit together: a concurrent twin waits on the row, then finds
  // it answering; a refused reservation leaves the draft untouched.
  const claimed = await ctx.db.transaction(async (tx) => {
    const [won] = await tx
      .update(faqGenerations)
      .set({
        stage: 'answering',
        status: 'generating',
        ...PROGRESS_STEPS.answersStarted,
        error: null,
        cancelRequested: false,
        // Answers of an earlier run that failed are not this run's.
        items: [],
        updatedAt: new Date(),
      })
      .where(and(eq(faqGenerations.id, id), eq(faqGenerations.stage, row.stage)))
      .returning({ id: faqGenerations.id });
    if (!won) return null;
    const reservation = await reserveCredits(tx, {
      userId,
      amount: questions.length,
      generationId: id,
    });
    await ctx.jobs.send(
      GENERATION_QUEUES.answers,
      { id, reservationId: reservation.id, questions } satisfies AnswerJob,
      { tx },
    );
    if (idempotencyKey)
      await storeIdempotentResult(tx, userId, idempotencyKey, scope, {
        statusCode: 202,
        response: { id, reused: false },
      });
    return reservation.id;
  });
  if (!claimed) {
    const now = await getOwnGeneration(ctx.db, userId, id);
    if (now.stage === 'answering' || now.stage === 'completed') return { id, reused: true };
    throw new HttpError(409, NOT_ANSWERABLE);
  }
  return { id, reused: false };
}

const hasItems = (items: unknown) => Array.isArray(items) && items.length > 0;

/** Category answers come from expert roles: without a model there is nothing honest to give. */
export function expertsNeedModel(): HttpError {
  return new HttpError(
    422,
    'オフライン簡易エンジンでは専門家の回答を作成できません。AIプロバイダーが設定されると回答を作成できます（クレジットは消費していません）',
  );
}

/** The stored drafts (source page and evidence) behind the questions the user approved. */
export function approvedDrafts(
  row: Row,
  sources: StoredSources,
  questions: string[],
): DraftQuestion[] {
  const allQuestions = parseList(row.questions);
  return questions.map((question) => {
    const index = allQuestions.indexOf(question);
    const sourceUrl = index >= 0 ? sources.questionSources[index] : null;
    const evidence = index >= 0 ? sources.questionEvidence?.[index] : null;
    return { question, ...(sourceUrl ? { sourceUrl } : {}), ...(evidence ? { evidence } : {}) };
  });
}

export async function answerCategory(
  ctx: GenerationContext,
  id: string,
  run: AiRun,
  category: CategoryInput,
  questions: string[],
  length: AnswerLength,
  /** Called with each item as it is final (a job keeps them in its record as they come). */
  onAnswered?: (item: FaqItem) => void,
  /** Called for an answer that was written once more for a figure nothing backs. */
  onRewrite?: (count: number) => void,
): Promise<FaqItem[]> {
  const experts = category.responders;
  return Promise.all(
    questions.map(async (question) => {
      const expertAnswers = (
        await Promise.all(
          experts.map(async (expert) => {
            const result = await generateExpertAnswer(run, { question, expert, category, length });
            return result ? { expert, ...result } : null;
          }),
        )
      ).filter((entry) => entry !== null);
      // A role that could not answer is left out; with no answer at all the item failed and is
      // never charged (no canned text stands in for an answer).
      const failed = (): FaqItem => ({
        question,
        answer: ANSWER_FAILED,
        answerSource: 'fallback',
        approved: false,
        failed: true,
      });
      // 要確認 names what the item shows: every expert's answer and the integrated one.
      const flags = (...answers: ModelAnswer[]): Partial<FaqItem> => {
        const phrases = [...new Set(answers.flatMap((answer) => answer.unverified ?? []))];
        const rewrittenFor = [...new Set(answers.flatMap((answer) => answer.rewrittenFor ?? []))];
        return {
          ...(phrases.length > 0 ? { unverified: { phrases, noSource: true } } : {}),
          ...(rewrittenFor.length > 0 ? { rewrittenFor } : {}),
        };
      };
      let item: FaqItem;
      if (expertAnswers.length === 0) {
        item = failed();
      } else if (experts.length === 1) {
        const only = expertAnswers[0]!;
        item = {
          question,
          answer: only.answer,
          answerSource: 'ai_direct',
          approved: true,
          model: only.model,
          ...flags(only),
        };
      } else {
        const integrated = await generateIntegratedAnswer(run, {
          question,
          expertAnswers: expertAnswers.map(({ expert, answer }) => ({ expert, answer })),
          length,
        });
        item = integrated
          ? {
              question,
              answer: integrated.answer,
              answerSource: 'synthesized',
              approved: true,
              expertAnswers: expertAnswers.map(({ expert, answer }) => ({ expert, answer })),
              integratedAnswer: integrated.answer,
              model: integrated.model,
              ...flags(integrated, ...expertAnswers),
            }
          : failed();
      }
      if (item.rewrittenFor) onRewrite?.(1);
      onAnswered?.(item);
      return item;
    }),
  );
}

export const PROVIDER_GAVE_UP =
  'AIプロバイダーが応答しないため、回答を作成できませんでした。クレジットは消費していません。時間をおいてもう一度お試しください';

/**
 * The answer run's job. It resumes from its record: answers an earlier attempt (a process that
 * died or stopped) already wrote to `items` are kept and not asked again. Answers are written to
 * the record as they come; the reservation is settled once, at the end, for every answer the
 * run produced. When a provider was busy or unreachable and a retry is left, the attempt keeps
 * what came back and fails, and the queue asks the rest again later.
 */
export async function runAnswerPhase(
  ctx: GenerationContext,
  row: Row,
  sources: StoredSources,
  questions: string[],
  run: AiRun,
  reservationId: string,
  attempt: JobAttempt,
) {
  const id = row.id;
  const work = watchWork(ctx, id, attempt.signal);
  run.signal = work.signal;
  // By position in `questions` (the same question may be approved twice, and is charged twice).
  const made = new Map<number, FaqItem>();
  const failed = new Map<number, FaqItem>();
  const firstOpen = (question: string, among: readonly number[]) =>
    among.find((index) => questions[index] === question && !made.has(index) && !failed.has(index));
  const all = questions.map((_, index) => index);
  for (const item of (row.items as FaqItem[] | null) ?? []) {
    const index = item.failed ? undefined : firstOpen(item.question, all);
    if (index !== undefined) made.set(index, item);
  }
  const remaining = all.filter((index) => !made.has(index));
  let rewriting = 0;
  const inOrder = (items: Map<number, FaqItem>) =>
    all.flatMap((index) => (items.has(index) ? [items.get(index)!] : []));
  const progressMessage = () =>
    `回答を生成中...（${made.size + failed.size}/${questions.length}）${rewriting > 0 ? `・${figureRewritesNote(rewriting)}` : ''}`;
  const writeProgress = () =>
    void updateProgress(ctx.db, id, 'answering', {
      progress: answerProgress(made.size + failed.size, questions.length),
      message: progressMessage(),
      items: inOrder(made),
    }).catch(() => undefined);
  const settle = (index: number | undefined, item: FaqItem, write = true) => {
    // A stopped run's abandoned calls settle too; they are not answers.
    if (work.signal.aborted || index === undefined) return;
    if (item.failed) failed.set(index, item);
    else made.set(index, item);
    if (write) writeProgress();
  };
  // Answers sent back to the model for a figure their page lacks show in the progress.
  const rewrote = (count: number) => {
    if (work.signal.aborted) return;
    rewriting += count;
    writeProgress();
  };
  // Rounds bound how much runs at once; a cancel does not wait for a round's end: it aborts
  // the run's model calls (running-work.ts), and the round returns with what was made.
  const step = sources.category ? ctx.config.AI_CONCURRENCY : ctx.config.AI_CONCURRENCY * 5;
  const stopped = () => stoppedByCancel(work.signal);
  let cancelled = false;
  try {
    await updateProgress(ctx.db, id, 'answering', {
      ...(made.size > 0
        ? { progress: answerProgress(made.size, questions.length), message: progressMessage() }
        : PROGRESS_STEPS.answering),
    });
    for (let start = 0; start < remaining.length; start += step) {
      if (work.signal.aborted || (await isCancelRequested(ctx.db, id))) {
        cancelled = true;
        break;
      }
      const chunk = remaining.slice(start, start + step);
      const chunkQuestions = chunk.map((index) => questions[index]!);
      if (sources.category) {
        await answerCategory(
          ctx,
          id,
          run,
          sources.category,
          chunkQuestions,
          sources.answerLength,
          (item) => settle(firstOpen(item.question, chunk), item),
          rewrote,
        );
        continue;
      }
      const answers = await generateAnswersFromContent(
        run,
        approvedDrafts(row, sources, chunkQuestions),
        sources.pages,
        sources.answerLength,
        // One write per model call, with its answers.
        (_count, settled) => {
          for (const [position, result] of settled)
            if (!result.cancelled)
              settle(chunk[position], contentItem(run, chunkQuestions[position]!, result), false);
          if (!work.signal.aborted) writeProgress();
        },
        rewrote,
      );
      // The offline engine answers all at once; a model's answers are settled as they come.
      answers.forEach((result, position) => {
        const index = chunk[position]!;
        if (!result.cancelled && !made.has(index) && !failed.has(index))
          settle(index, contentItem(run, chunkQuestions[position]!, result));
      });
    }
    if (interruptedJob(work.signal)) throw work.signal.reason;
    cancelled ||= stopped();
    if (!cancelled && failed.size > 0 && (run.transientFailures ?? 0) > 0 && !attempt.last) {
      // What came back is in the record; the next attempt asks only the rest.
      await updateProgress(ctx.db, id, 'answering', {
        message: `AIプロバイダーが混み合っているため、残りの${failed.size}件は後で自動的に再試行します（${made.size}/${questions.length}件作成済み）`,
        items: inOrder(made),
      });
      throw new ProviderBusy('answer run: provider busy');
    }
    const items = all.flatMap((index) => {
      const item = made.get(index) ?? failed.get(index);
      return item ? [item] : [];
    });
    const produced = made.size;
    const flagged = inOrder(made).filter((item) => item.unverified).length;
    if (cancelled && produced === 0) {
      // Nothing was written: release everything and go back to choosing questions.
      await settleReservation(ctx.db, { reservationId, used: 0, description: '' });
      await update(ctx.db, id, {
        stage: 'questions_ready',
        ...PROGRESS_STEPS.questionsReady,
        message: cancelledAnswersMessage(0, 0),
        items: [],
        cancelRequested: false,
      });
      return;
    }
    const kept = cancelled ? inOrder(made) : items;
    await updateProgress(ctx.db, id, 'answering', PROGRESS_STEPS.finishing);
    await keepAnswers(ctx, id, reservationId, produced, (charged) => ({
      status: cancelled ? 'cancelled' : 'completed',
      stage: 'completed',
      progress: PROGRESS_STEPS.completed.progress,
      message: withFlaggedNote(
        cancelled
          ? cancelledAnswersMessage(produced, charged)
          : produced === kept.length
            ? PROGRESS_STEPS.completed.message
            : `${PROGRESS_STEPS.completed.message}（${kept.length - produced}件は回答を作成できなかったため、クレジットを消費していません）`,
        flagged,
      ),
      answers: JSON.stringify(kept.map((item) => item.answer)),
      items: kept,
      creditsUsed: row.creditsUsed + charged,
      tokenUsage: run.usage,
      cancelRequested: false,
    }));
  } catch (error) {
    // Left to the queue: another attempt resumes from the record, or the dead letter ends it.
    if (error instanceof ProviderBusy || interruptedJob(work.signal)) throw error;
    if (!(error instanceof HttpError) && !attempt.last) throw error;
    ctx.log.warn({ err: error, id }, 'answer generation failed');
    await endAnswerRun(ctx, id, reservationId, errorText(error, 'FAQの生成に失敗しました'));
  } finally {
    work.end();
  }
}

/**
 * The end of an answer run that could not finish (its last attempt failed, or it went to the
 * dead letter): the answers already in the record are kept and charged, the rest released;
 * with none, the record fails as before, charged nothing, its questions kept for another run.
 */
export async function endAnswerRun(
  ctx: GenerationContext,
  id: string,
  reservationId: string,
  reason: string,
): Promise<void> {
  const [row] = await ctx.db.select().from(faqGenerations).where(eq(faqGenerations.id, id));
  const kept = ((row?.items as FaqItem[] | null) ?? []).filter((item) => !item.failed);
  if (!row || row.stage !== 'answering' || kept.length === 0) {
    await settleReservation(ctx.db, { reservationId, used: 0, description: '' }).catch(
      () => undefined,
    );
    if (row?.stage === 'answering')
      await update(ctx.db, id, {
        status: 'failed',
        stage: 'failed',
        message: reason,
        error: reason,
        items: [],
        cancelRequested: false,
      });
    return;
  }
  await keepAnswers(ctx, id, reservationId, kept.length, (charged) => ({
    status: 'completed',
    stage: 'completed',
    progress: PROGRESS_STEPS.completed.progress,
    message: `${kept.length}件の回答を保存しました（${charged}クレジット）。残りの回答は作成できなかったため、クレジットを消費していません`,
    answers: JSON.stringify(kept.map((item) => item.answer)),
    items: kept,
    creditsUsed: row.creditsUsed + charged,
    cancelRequested: false,
  }));
}

/**
 * Charges for answers and keeps them in one transaction, only while the record still exists
 * and is answering: the record's row is locked first, so a deletion either comes before (the
 * reservation is released, nothing is charged, the answers are dropped) or after (the user had
 * the answers and deleted them). Returns the credits charged, or null when the record is gone.
 * `alsoInTransaction` runs last in the same transaction, with that result.
 */
export async function keepAnswers(
  ctx: GenerationContext,
  id: string,
  reservationId: string,
  produced: number,
  values: (charged: number) => RecordValues,
  alsoInTransaction?: (tx: Transaction, charged: number | null) => Promise<void>,
): Promise<number | null> {
  return afterQueuedWrites(id, () =>
    ctx.db.transaction(async (tx) => {
      const [live] = await tx
        .select({ id: faqGenerations.id })
        .from(faqGenerations)
        .where(and(eq(faqGenerations.id, id), eq(faqGenerations.stage, 'answering')))
        .for('update');
      if (!live) {
        await settleReservation(tx, { reservationId, used: 0, description: '' });
        await alsoInTransaction?.(tx, null);
        return null;
      }
      const { charged } = await settleReservation(tx, {
        reservationId,
        used: produced,
        description: usageDescription(produced),
      });
      await tx
        .update(faqGenerations)
        .set({ ...values(charged), updatedAt: new Date() })
        .where(eq(faqGenerations.id, id));
      await alsoInTransaction?.(tx, charged);
      return charged;
    }),
  );
}
