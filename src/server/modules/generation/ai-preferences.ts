import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The user's chosen provider and custom instructions, or undefined for an unknown user. */
export async function aiPreferencesOf(db: DbOrTx, userId: string) {
  const [user] = await db
    .select({ provider: users.aiProvider, instructions: users.aiCustomInstructions })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}
