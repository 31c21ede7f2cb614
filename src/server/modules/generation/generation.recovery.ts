import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { creditReservations, faqGenerations } from '../../db/schema.ts';
import { settleReservation } from '../credits/ledger.ts';

/**
 * A job interrupted by a restart will never finish: mark it failed and release its credits.
 * With several processes on one database, only jobs silent for a while are taken as dead.
 */
export async function recoverInterruptedGenerations(
  db: Database,
  staleAfterMs: number,
): Promise<number> {
  const cutoff = new Date(Date.now() - staleAfterMs);
  const stale = await db
    .update(faqGenerations)
    .set({
      status: 'failed',
      stage: 'failed',
      message: '処理が中断されました。もう一度お試しください',
      error: 'interrupted',
      updatedAt: new Date(),
    })
    .where(and(eq(faqGenerations.status, 'generating'), lt(faqGenerations.updatedAt, cutoff)))
    .returning({ id: faqGenerations.id });
  if (stale.length === 0) return 0;
  const held = await db
    .select({ id: creditReservations.id })
    .from(creditReservations)
    .where(
      and(
        eq(creditReservations.status, 'held'),
        inArray(
          creditReservations.generationId,
          stale.map((row) => row.id),
        ),
      ),
    );
  for (const reservation of held)
    await settleReservation(db, { reservationId: reservation.id, used: 0, description: '' });
  return stale.length;
}
