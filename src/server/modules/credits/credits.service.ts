import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditTransactions, users } from '../../db/schema.ts';
import { olderThanCursor } from '../../lib/cursor.ts';

/**
 * The user's balance and one page of ledger rows, newest first. Returns one row more than
 * `limit` when there is a next page. Keyset pagination: stable while new rows arrive, unlike
 * OFFSET.
 */
export async function creditHistoryPage(
  db: DbOrTx,
  userId: string,
  limit: number,
  cursor: { createdAt: Date; id: string } | null,
) {
  const [balance] = await db
    .select({ credits: users.credits, reserved: users.reservedCredits })
    .from(users)
    .where(eq(users.id, userId));
  const rows = await db
    .select()
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.userId, userId),
        olderThanCursor(creditTransactions.createdAt, creditTransactions.id, cursor),
      ),
    )
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(limit + 1);
  return { balance, rows };
}
