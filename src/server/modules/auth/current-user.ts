import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/auth.ts';
import type { DbOrTx } from '../../db/client.ts';
import { faqGenerations, users } from '../../db/schema.ts';
import { unauthorized } from '../../lib/http-error.ts';

/**
 * The signed-in user as the API shows it (GET /api/auth/me).
 *
 * faqCount is the number of FAQs actually produced: generation charges one credit per
 * answer it delivers and records that in creditsUsed, so the sum over the user's
 * generations counts delivered FAQs. Summing every status (not only 'completed') keeps the
 * count steady while a finished generation is regenerating, and answers of a run that
 * failed later were still delivered and paid for.
 */
export async function toCurrentUser(db: DbOrTx, userId: string): Promise<CurrentUser> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      avatarUrl: users.avatarUrl,
      credits: users.credits,
      createdAt: users.createdAt,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  // The account was deleted while a token for it was still valid.
  if (!row) throw unauthorized();
  const [produced] = await db
    .select({ faqCount: sql<number>`coalesce(sum(${faqGenerations.creditsUsed}), 0)::int` })
    .from(faqGenerations)
    .where(eq(faqGenerations.userId, userId));
  const { emailConfirmedAt, ...rest } = row;
  return {
    ...rest,
    emailConfirmed: emailConfirmedAt !== null,
    faqCount: Number(produced?.faqCount ?? 0),
    createdAt: row.createdAt.toISOString(),
  };
}
