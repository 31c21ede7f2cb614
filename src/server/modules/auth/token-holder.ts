import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * What a guard needs to accept a verified access token: whether its account still exists, is
 * deleted or suspended, and its current token version.
 */
export async function findTokenHolder(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      suspendedAt: users.suspendedAt,
      deletedAt: users.deletedAt,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
