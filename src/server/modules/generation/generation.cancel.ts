import { and, eq, inArray } from 'drizzle-orm';
import type { CancelResponse } from '../../../shared/generations.ts';
import type { Database } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { getOwnGeneration } from './generation.record.ts';

export const NOTHING_TO_CANCEL = '実行中の処理はありません';

/**
 * Asks a running job to stop. The flag lives in the record, so the job sees it at its next
 * step in whichever process runs it; the job then keeps (and charges) only what it produced.
 */
export async function requestCancel(
  db: Database,
  userId: string,
  id: string,
): Promise<CancelResponse> {
  await getOwnGeneration(db, userId, id);
  const flagged = await db
    .update(faqGenerations)
    .set({ cancelRequested: true, message: 'キャンセルしています...', updatedAt: new Date() })
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
  return { id, cancelRequested: true };
}
