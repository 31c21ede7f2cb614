import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AuthResponse } from '../../../shared/auth.ts';
import type { Database } from '../../db/client.ts';
import { signInCodes, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { toCurrentUser } from './current-user.ts';
import { issueTokenSet, newOpaqueToken, sha256 } from './refresh-tokens.ts';

/** Long enough for a redirect and one API call, short enough to be useless when leaked. */
export const SIGN_IN_CODE_TTL_SECONDS = 60;
export const INVALID_SIGN_IN_CODE =
  'ログイン情報が無効か有効期限が切れています。もう一度ログインしてください';

/**
 * A sign-in hand-off for the tab that started the sign-in: instead of tokens in a URL (which
 * anyone can craft to sign a victim into their own account), the sign-in page returns a code
 * bound to the state that tab keeps. Only the hash of either is stored.
 */
export async function createSignInCode(
  db: Database,
  userId: string,
  state: string,
): Promise<{ code: string; expires_in: number }> {
  const code = newOpaqueToken();
  const now = Date.now();
  await db.insert(signInCodes).values({
    codeHash: sha256(code),
    userId,
    stateHash: sha256(state),
    expiresAt: new Date(now + SIGN_IN_CODE_TTL_SECONDS * 1000),
  });
  // Used and expired codes are dead weight: swept as new ones are made.
  await db.delete(signInCodes).where(lt(signInCodes.expiresAt, new Date(now - 60 * 60 * 1000)));
  return { code, expires_in: SIGN_IN_CODE_TTL_SECONDS };
}

/** Exactly once, before it expires, and only together with its state: a new session. */
export async function exchangeSignInCode(
  db: Database,
  jwtSecret: string,
  code: string,
  state: string,
): Promise<AuthResponse> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(signInCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(signInCodes.codeHash, sha256(code)),
          eq(signInCodes.stateHash, sha256(state)),
          isNull(signInCodes.usedAt),
          gt(signInCodes.expiresAt, now),
        ),
      )
      .returning({ userId: signInCodes.userId });
    if (!claimed) throw new HttpError(400, INVALID_SIGN_IN_CODE);
    const [user] = await tx
      .select({ id: users.id, email: users.email, tokenVersion: users.tokenVersion })
      .from(users)
      .where(eq(users.id, claimed.userId));
    if (!user) throw new HttpError(400, INVALID_SIGN_IN_CODE);
    const tokens = await issueTokenSet(tx, jwtSecret, user);
    return { ...tokens, user: await toCurrentUser(tx, user.id) };
  });
}
