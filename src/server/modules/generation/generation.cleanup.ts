import { and, eq, lt } from 'drizzle-orm';
import { DRAFT_RETENTION_DAYS } from '../../../shared/generations.ts';
import type { Database } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';
import { removeExpiredIdempotencyKeys } from './idempotency.ts';

/**
 * Removes drafts untouched for DRAFT_RETENTION_DAYS and expired idempotency keys: the daily
 * `cleanup-drafts` job (modules/jobs/background-jobs.ts). Each is one conditional DELETE, so
 * two runs at the same time just find less to remove.
 */
export async function removeExpiredDrafts(
  db: Database,
  now = Date.now(),
): Promise<{ drafts: number; keys: number }> {
  const cutoff = new Date(now - DRAFT_RETENTION_DAYS * 24 * 60 * 60_000);
  const drafts = await db
    .delete(faqGenerations)
    .where(and(eq(faqGenerations.stage, 'questions_ready'), lt(faqGenerations.updatedAt, cutoff)))
    .returning({ id: faqGenerations.id });
  const keys = await removeExpiredIdempotencyKeys(db, now);
  return { drafts: drafts.length, keys };
}
