import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { enqueueEmail } from '../notifications/outbox.ts';
import { PASSWORD_RESET_TTL_MINUTES, passwordResetEmail } from './emails.ts';
import { hashPassword } from './passwords.ts';
import { newOpaqueToken, revokeAllRefreshTokens, sha256 } from './refresh-tokens.ts';

export const INVALID_RESET_LINK = 'リンクが無効か有効期限が切れています';

/**
 * Creates a one-time link and queues the e-mail. Returns the outbox id to deliver, or null
 * when no account has this address — the caller answers the same either way, so the
 * endpoint cannot be used to find out who has an account.
 */
export async function requestPasswordReset(
  db: Database,
  config: Config,
  email: string,
): Promise<string | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, email), eq(users.shadow, false)));
  if (!user) return null;
  const token = newOpaqueToken();
  return db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      id: randomUUID(),
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60 * 1000),
    });
    return enqueueEmail(tx, passwordResetEmail(config, user.email, token));
  });
}

/**
 * Sets the new password if the link is unused and unexpired. The conditional update claims the
 * token, so a link works exactly once even when submitted twice at the same moment.
 */
export async function confirmPasswordReset(
  db: Database,
  token: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw new HttpError(400, INVALID_RESET_LINK);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, claimed.userId));
    // Older links for the same account die with this one.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)),
      );
    // Whoever knew the old password may hold a session: a new password ends them all.
    await revokeAllRefreshTokens(tx, claimed.userId);
  });
}
