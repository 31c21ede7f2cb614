import { and, eq, isNull } from 'drizzle-orm';
import { WRONG_CURRENT_PASSWORD } from '../../../shared/account.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limiter.ts';
import { verifyPassword } from '../auth/passwords.ts';

const TOO_MANY_PASSWORD_CHECKS =
  'パスワードの確認の試行回数が多すぎます。しばらく待ってから再試行してください。';

/**
 * A stolen access token must not become a way to guess the password (and then take the
 * account): password change, address change and deletion share one budget per account, and
 * every attempt counts, as at sign-in.
 */
export const CURRENT_PASSWORD_LIMITS = {
  perUser: { limit: 10, windowSeconds: 600, message: TOO_MANY_PASSWORD_CHECKS },
  perIp: { limit: 60, windowSeconds: 600, message: TOO_MANY_PASSWORD_CHECKS },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Refuses with 400 (not 401: the session is fine, and the client must not take it for an
 * expired token and retry) unless `password` is the live account's current password.
 */
export async function requireCurrentPassword(
  db: Database,
  userId: string,
  password: string,
  ip: string,
): Promise<{ email: string }> {
  await consumeRateLimit(db, `password-check:ip:${ip}`, CURRENT_PASSWORD_LIMITS.perIp);
  await consumeRateLimit(db, `password-check:user:${userId}`, CURRENT_PASSWORD_LIMITS.perUser);
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new HttpError(400, WRONG_CURRENT_PASSWORD);
  return { email: user.email };
}
