import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/auth.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { usageFiguresOf } from '../credits/usage-figures.ts';

/**
 * The signed-in user as the API shows it (GET /api/auth/me). faqCount is the FAQs delivered
 * (credits/usage-figures.ts, shared with the administrator's user list).
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
  const { faqCount } = await usageFiguresOf(db, userId);
  const { emailConfirmedAt, ...rest } = row;
  return {
    ...rest,
    emailConfirmed: emailConfirmedAt !== null,
    faqCount,
    createdAt: row.createdAt.toISOString(),
  };
}
