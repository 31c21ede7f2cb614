import { and, count, eq, sql } from 'drizzle-orm';
import { MAX_RUNNING_QUESTION_PHASES } from '../../../shared/limits.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

export const QUESTION_PHASE_LIMIT_MESSAGE = `FAQの作成を同時に実行できるのは${MAX_RUNNING_QUESTION_PHASES}件までです。実行中の作成が終わってから再度お試しください`;
/** About how long a question phase takes; a client may try again after it. */
const QUESTION_PHASE_RETRY_AFTER_SECONDS = 30;

/**
 * Runs `start` (which starts a question phase: a new record, or a draft's questions
 * regenerated) only while the user has fewer than MAX_RUNNING_QUESTION_PHASES records reading
 * pages or writing questions: each one fetches a third-party site, so an unbounded number would
 * turn us into a crawler for hire. A per-user advisory lock serialises the count and the start
 * across processes.
 */
export async function withinQuestionPhaseLimit<T>(
  db: Database,
  userId: string,
  start: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`question-phase:${userId}`}))`);
    const [running] = await tx
      .select({ n: count() })
      .from(faqGenerations)
      .where(and(eq(faqGenerations.userId, userId), eq(faqGenerations.stage, 'fetching')));
    if ((running?.n ?? 0) >= MAX_RUNNING_QUESTION_PHASES) {
      throw new HttpError(429, QUESTION_PHASE_LIMIT_MESSAGE, {
        code: 'RATE_LIMITED',
        retryAfterSeconds: QUESTION_PHASE_RETRY_AFTER_SECONDS,
      });
    }
    return start(tx);
  });
}
