import { and, eq, inArray } from 'drizzle-orm';
import {
  EMAIL_NOT_CONFIRMED,
  MODEL_NEEDS_CONFIRMED_EMAIL,
  MODEL_USE_LIMITS,
} from '../../../shared/model-use.ts';
import type { DbOrTx } from '../../db/client.ts';
import { payments, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addToWindow } from '../../lib/rate-limiter.ts';

/**
 * Who may spend the operator's model calls, and how many a day (docs/adr/025): the address
 * must be confirmed, so a script cannot use the key through throwaway sign-ups, and free work
 * (question phases, the AI API) is counted per Japanese calendar day in `rate_limit_buckets`,
 * shared by every server process.
 */
export async function requireConfirmedAddress(db: DbOrTx, userId: string): Promise<void> {
  const [row] = await db
    .select({ confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.confirmedAt) {
    throw new HttpError(403, MODEL_NEEDS_CONFIRMED_EMAIL, { code: EMAIL_NOT_CONFIRMED });
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Japan has no daylight saving time: its day always starts at 15:00 UTC. */
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The start of the Japanese calendar day `now` falls in. */
export function japanDayStart(now: Date): Date {
  return new Date(
    Math.floor((now.getTime() + JAPAN_OFFSET_MS) / DAY_MS) * DAY_MS - JAPAN_OFFSET_MS,
  );
}

/**
 * Counts one use of `key` today (Japan time) and refuses with a Japanese 429 past `limit`,
 * saying when the count starts again. Inside a transaction, a later refusal of the same
 * request rolls the count back.
 */
export async function consumeDailyAllowance(
  db: DbOrTx,
  key: string,
  limit: number,
  message: string,
  now = new Date(),
): Promise<void> {
  const windowStart = japanDayStart(now);
  if ((await addToWindow(db, key, windowStart)) <= limit) return;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + DAY_MS - now.getTime()) / 1000),
  );
  // Rounded up to whole minutes first, so 1時間59分30秒 reads 2時間, never 1時間60分.
  const totalMinutes = Math.ceil(retryAfterSeconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const wait = hours > 0 ? `${hours}時間${minutes > 0 ? `${minutes}分` : ''}` : `${minutes}分`;
  throw new HttpError(429, `${message}。日本時間の0時（約${wait}後）から再びご利用いただけます`, {
    code: 'RATE_LIMITED',
    retryAfterSeconds,
  });
}

/** An account that has paid for credits (and not had the payment wholly refunded). */
async function hasBought(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        inArray(payments.status, ['completed', 'partially_refunded']),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** How many AI API calls the user may make today. */
export async function aiApiDailyLimit(db: DbOrTx, userId: string): Promise<number> {
  return (await hasBought(db, userId))
    ? MODEL_USE_LIMITS.aiApiPerDay
    : MODEL_USE_LIMITS.aiApiPerDayBeforePurchase;
}
