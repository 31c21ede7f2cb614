import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

/** How long a key is honoured; clients retry within minutes, a day is generous. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header, if any; a malformed one is a 400, never silently ignored. */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !KEY_PATTERN.test(value))
    throw new HttpError(400, 'Idempotency-Key は200文字以内の英数字・記号で指定してください');
  return value;
}

export interface StoredResult<T> {
  statusCode: number;
  response: T;
}

/** The answer already given for this key, or undefined; the key used for another request is a 422. */
export async function findIdempotentResult<T>(
  db: DbOrTx,
  userId: string,
  key: string,
  scope: string,
): Promise<StoredResult<T> | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row || row.createdAt.getTime() < Date.now() - IDEMPOTENCY_KEY_TTL_MS) return undefined;
  if (row.scope !== scope)
    throw new HttpError(422, 'この Idempotency-Key は別のリクエストで使用されています');
  return { statusCode: row.statusCode, response: row.response as T };
}

/** Stores the answer for the key; the first writer wins (a concurrent twin stores nothing). */
export async function storeIdempotentResult(
  db: DbOrTx,
  userId: string,
  key: string,
  scope: string,
  result: StoredResult<unknown>,
): Promise<void> {
  await db
    .insert(idempotencyKeys)
    .values({ userId, key, scope, statusCode: result.statusCode, response: result.response })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        scope,
        statusCode: result.statusCode,
        response: result.response,
        createdAt: new Date(),
      },
      // Only an expired key is taken over; a live one keeps its first answer.
      setWhere: lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS)),
    });
}

export async function removeExpiredIdempotencyKeys(db: DbOrTx, now = Date.now()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
