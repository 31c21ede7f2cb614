import { and, eq, inArray } from 'drizzle-orm';
import type { CancelResponse } from '../../../shared/generations.ts';
import type { Database } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { getOwnGeneration } from './generation.record.ts';
import { abortWork, CancelRequested } from './running-work.ts';

export const NOTHING_TO_CANCEL = '実行中の処理はありません';

/**
 * Stops a running job. In this process its model calls are aborted at once; the flag lives in
 * the record, so a job in another process sees it within its watch's interval (running-work.ts)
 * and aborts its own. The job then keeps (and charges) only what it produced.
 */
export async function requestCancel(
  db: Database,
  userId: string,
  id: string,
): Promise<CancelResponse> {
  await getOwnGeneration(db, userId, id);
  const flagged = await db
    .update(faqGenerations)
    .set({ cancelRequested: true, message: '中止しています...', updatedAt: new Date() })
    .where(
      and(
        eq(faqGenerations.id, id),
        eq(faqGenerations.userId, userId),
        eq(faqGenerations.status, 'generating'),
        inArray(faqGenerations.stage, ['fetching', 'answering']),
      ),
    )
    .returning({ id: faqGenerations.id });
  if (flagged.length === 0) throw new HttpError(409, NOTHING_TO_CANCEL);
  abortWork(id, new CancelRequested());
  return { id, cancelRequested: true };
}
