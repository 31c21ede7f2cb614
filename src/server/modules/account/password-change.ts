import { eq } from 'drizzle-orm';
import type { TokenSet } from '../../../shared/auth.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { hashPassword } from '../auth/passwords.ts';
import { issueTokenSet, revokeAllRefreshTokens } from '../auth/refresh-tokens.ts';
import { enqueueEmail } from '../notifications/outbox.ts';
import { passwordChangedEmail } from './account-emails.ts';

/**
 * Sets the new password (the current one was checked by the caller) and ends every session,
 * as a password reset does: all refresh tokens are revoked and the token version rises, so
 * any access token out there stops at once. The tab that made the change carries on with the
 * fresh token set returned here (a new session). Unused reset links die too: they were mailed
 * for the old password. The owner is told by mail.
 */
export async function changePassword(
  db: Database,
  config: Config,
  userId: string,
  newPassword: string,
): Promise<{ tokens: TokenSet; emailId: string | null }> {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await revokeAllRefreshTokens(tx, userId);
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        tokenVersion: users.tokenVersion,
        shadow: users.shadow,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw unauthorized();
    const tokens = await issueTokenSet(tx, config.jwtSecret, user);
    // A shadow account's address belongs to someone else, who is told nothing about it.
    const emailId = user.shadow
      ? null
      : await enqueueEmail(tx, passwordChangedEmail(config, user.email));
    return { tokens, emailId };
  });
}
