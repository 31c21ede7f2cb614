import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingProfiles } from '../../db/schema.ts';

export async function findBillingProfile(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
  return row;
}

/** Creates or replaces the user's 宛名. */
export async function saveBillingProfile(db: DbOrTx, userId: string, name: string) {
  const now = new Date();
  const [row] = await db
    .insert(billingProfiles)
    .values({ userId, name, updatedAt: now })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: { name, updatedAt: now } })
    .returning();
  return row!;
}
