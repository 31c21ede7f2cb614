import { lt, sql } from 'drizzle-orm';
import { MESSAGES } from '../../shared/messages.ts';
import type { DbOrTx } from '../db/client.ts';
import { rateLimitBuckets } from '../db/schema.ts';
import { HttpError } from './http-error.ts';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
  /** Japanese text for the 429 (default: the generic one); the wait time is appended. */
  message?: string;
}

/** Longer than any window we use, so pruning never drops a live bucket. */
export const PRUNE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Adds `amount` to the count of `key` in the window starting at `windowStart` and returns the
 * new count. The upsert is atomic, so racing callers each see a distinct count; inside a
 * transaction a later refusal rolls the addition back.
 */
export async function addToWindow(
  db: DbOrTx,
  key: string,
  windowStart: Date,
  amount = 1,
): Promise<number> {
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStart, count: amount })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
      set: { count: sql`${rateLimitBuckets.count} + ${amount}` },
    })
    .returning({ count: rateLimitBuckets.count });
  return row?.count ?? 0;
}

/**
 * Fixed-window counter in the database, so every server process behind a load balancer
 * shares one count (an in-memory limiter would multiply the limit by the process count).
 * The upsert is atomic, so racing requests each see a distinct count.
 */
export async function consumeRateLimit(
  db: DbOrTx,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const count = await addToWindow(db, key, windowStart);
  if (count > rule.limit) {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
    );
    const wait =
      retryAfterSeconds < 60 ? `${retryAfterSeconds}秒` : `${Math.ceil(retryAfterSeconds / 60)}分`;
    const message = (rule.message ?? MESSAGES.rateLimited).replace(/[。.]$/, '');
    throw new HttpError(429, `${message}（約${wait}後に再試行できます）。`, {
      code: 'RATE_LIMITED',
      retryAfterSeconds,
    });
  }
}

/** Old windows are dead weight: the hourly `cleanup-rate-limits` job removes them. */
export async function pruneRateLimits(db: DbOrTx, olderThan: Date): Promise<number> {
  const removed = await db
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.windowStart, olderThan))
    .returning({ key: rateLimitBuckets.key });
  return removed.length;
}
