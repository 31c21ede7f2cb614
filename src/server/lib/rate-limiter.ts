import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateLimitBuckets } from '../db/schema.ts';
import { HttpError } from './http-error.ts';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
  /** Japanese text for the 429; the wait time is appended. */
  message: string;
}

/**
 * Fixed-window counter in the database, so every server process behind a load balancer
 * shares one count (an in-memory limiter would multiply the limit by the process count).
 */
export async function consumeRateLimit(
  db: DbOrTx,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
      set: { count: sql`${rateLimitBuckets.count} + 1` },
    })
    .returning({ count: rateLimitBuckets.count });
  if ((row?.count ?? 0) > rule.limit) {
    const retryAfter = Math.max(
      1,
      Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
    );
    const minutes = Math.ceil(retryAfter / 60);
    throw new HttpError(429, `${rule.message}（約${minutes}分後に再試行できます）`, {
      code: 'RATE_LIMITED',
    });
  }
}

/** Old windows are useless; called opportunistically so the table stays small. */
export async function pruneRateLimits(db: DbOrTx, olderThan: Date): Promise<void> {
  await db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.windowStart} < ${olderThan}`);
}
