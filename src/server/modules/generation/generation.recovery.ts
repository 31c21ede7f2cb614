import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { PROGRESS_STEPS } from '../../../shared/generations.ts';
import type { Database } from '../../db/client.ts';
import { runnerIsGone } from '../../db/process-lease.ts';
import { creditReservations, faqGenerations } from '../../db/schema.ts';
import { settleReservation } from '../credits/ledger.ts';

/**
 * A job interrupted by a restart will never finish: mark it failed and release its credits.
 * With several processes on one database, a job is dead when the process that claimed it no
 * longer holds its lease (db/process-lease.ts), or when it has been silent since `staleAfterMs`
 * ago (work recorded without a runner, or a job stuck in a live process); `null` trusts the
 * leases alone, as the periodic sweep of a running process does, since a long model call in a
 * live peer is silent too. Drafts (questions_ready) are never touched, and an interrupted
 * regeneration of a draft's questions goes back to the questions it had.
 */
export async function recoverInterruptedGenerations(
  db: Database,
  staleAfterMs: number | null,
): Promise<number> {
  const cutoff = staleAfterMs === null ? null : new Date(Date.now() - staleAfterMs);
  const gone = runnerIsGone(faqGenerations.runner);
  const dead = cutoff ? or(lt(faqGenerations.updatedAt, cutoff), gone) : gone;
  const drafts = await db
    .update(faqGenerations)
    .set({
      stage: 'questions_ready',
      progress: PROGRESS_STEPS.questionsReady.progress,
      message: '質問の再生成が中断されました。もう一度お試しください',
      cancelRequested: false,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(faqGenerations.status, 'generating'),
        eq(faqGenerations.stage, 'fetching'),
        ne(faqGenerations.questions, '[]'),
        dead,
      ),
    )
    .returning({ id: faqGenerations.id });
  const stale = await db
    .update(faqGenerations)
    .set({
      status: 'failed',
      stage: 'failed',
      message: '処理が中断されました。もう一度お試しください',
      error: 'interrupted',
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(faqGenerations.status, 'generating'),
        ne(faqGenerations.stage, 'questions_ready'),
        dead,
      ),
    )
    .returning({ id: faqGenerations.id });
  // A regeneration of one answer claims a completed record (stage 'answering', status still
  // 'completed', or 'cancelled' for a stopped run's kept answers); interrupted, the record keeps
  // the answers it had.
  const regenerations = await db
    .update(faqGenerations)
    .set({
      stage: 'completed',
      progress: PROGRESS_STEPS.completed.progress,
      message: '回答の再生成が中断されました。クレジットは消費していません',
      updatedAt: new Date(),
    })
    .where(
      and(
        inArray(faqGenerations.status, ['completed', 'cancelled']),
        eq(faqGenerations.stage, 'answering'),
        dead,
      ),
    )
    .returning({ id: faqGenerations.id });
  await releaseOrphanedReservations(db, cutoff);
  return drafts.length + stale.length + regenerations.length;
}

/**
 * Every held reservation whose work is not running is released, whatever started it: it names
 * no generation, or one that was deleted, is no longer answering, has been silent since before
 * `cutoff`, or was claimed by a process that is gone. (Work that holds credits claims its
 * record in the same transaction.)
 */
export async function releaseOrphanedReservations(
  db: Database,
  cutoff: Date | null,
): Promise<number> {
  const silent = cutoff ? sql`${faqGenerations.updatedAt} < ${cutoff}` : sql`false`;
  const orphaned = await db
    .select({ id: creditReservations.id })
    .from(creditReservations)
    .leftJoin(faqGenerations, eq(faqGenerations.id, creditReservations.generationId))
    .where(
      and(
        eq(creditReservations.status, 'held'),
        sql`(${faqGenerations.id} is null or ${faqGenerations.stage} <> 'answering' or ${silent} or ${runnerIsGone(faqGenerations.runner)})`,
      ),
    );
  for (const reservation of orphaned)
    await settleReservation(db, { reservationId: reservation.id, used: 0, description: '' });
  return orphaned.length;
}
