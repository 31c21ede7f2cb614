import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';
import { olderThanCursor } from '../../lib/cursor.ts';

export type GenerationRow = typeof faqGenerations.$inferSelect;

/** Newest first, strictly after the keyset cursor; one extra row tells whether more exist. */
export async function listOwnGenerations(
  db: DbOrTx,
  userId: string,
  cursor: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<GenerationRow[]> {
  return db
    .select()
    .from(faqGenerations)
    .where(
      and(
        eq(faqGenerations.userId, userId),
        olderThanCursor(faqGenerations.createdAt, faqGenerations.id, cursor),
      ),
    )
    .orderBy(desc(faqGenerations.createdAt), desc(faqGenerations.id))
    .limit(limit);
}

/** One statement, so "own only" and the delete cannot drift apart. */
export async function deleteOwnGeneration(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(faqGenerations)
    .where(and(eq(faqGenerations.id, id), eq(faqGenerations.userId, userId)))
    .returning({ id: faqGenerations.id });
  return deleted.length > 0;
}
