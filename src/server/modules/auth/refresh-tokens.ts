import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '../../../shared/limits.ts';
import { ACCOUNT_SUSPENDED, type TokenSet } from '../../../shared/auth.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { signAccessToken, USER_TOKEN_AUDIENCE } from './access-token.ts';

export const INVALID_REFRESH = 'セッションの有効期限が切れました。もう一度ログインしてください';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** 32 random bytes: unguessable, so only the hash needs storing (like a password, unsalted). */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/**
 * A fresh access token plus a new refresh token in `familyId` (a new family = a new sign-in).
 * Only the refresh token's SHA-256 reaches the database.
 */
export async function issueTokenSet(
  db: DbOrTx,
  jwtSecret: string,
  user: { id: string; email: string },
  familyId: string = randomUUID(),
): Promise<TokenSet> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const refreshToken = newOpaqueToken();
  await db.insert(refreshTokens).values({
    id: randomUUID(),
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date((issuedAt + REFRESH_TOKEN_TTL_SECONDS) * 1000),
  });
  const accessToken = await signAccessToken(
    jwtSecret,
    USER_TOKEN_AUDIENCE,
    { sub: user.id, email: user.email },
    ACCESS_TOKEN_TTL_SECONDS,
    issuedAt,
  );
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_expires_in: REFRESH_TOKEN_TTL_SECONDS,
    issued_at: issuedAt,
  };
}

/**
 * Rotation: each refresh token works once. Presenting one that was already rotated (or
 * revoked) means it leaked or was replayed, so every token of that family is revoked and the
 * thief's copy dies together with the owner's — the owner signs in again.
 */
export async function rotateRefreshToken(
  db: Database,
  jwtSecret: string,
  presented: string,
  log: FastifyBaseLogger,
): Promise<TokenSet> {
  const tokenHash = sha256(presented);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!row) return null;
    const now = new Date();
    const revokeFamily = async () => {
      const revoked = await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      if (revoked.length > 0) {
        log.warn(
          { userId: row.userId, familyId: row.familyId, revoked: revoked.length },
          'refresh token reuse detected: token family revoked',
        );
      }
    };
    if (row.rotatedAt || row.revokedAt) {
      await revokeFamily();
      return null;
    }
    if (row.expiresAt <= now) return null;
    // The conditional update is the claim. Losing it means another request rotated this token
    // a moment ago: that is reuse too, and treated the same on PostgreSQL and PGlite.
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshTokens.id, row.id),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await revokeFamily();
      return null;
    }
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        suspendedAt: users.suspendedAt,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!user || user.deletedAt) return null;
    if (user.suspendedAt) return 'suspended' as const;
    return issueTokenSet(tx, jwtSecret, { id: user.id, email: user.email }, row.familyId);
  });
  if (result === 'suspended') throw new HttpError(403, ACCOUNT_SUSPENDED);
  // Thrown after the transaction so the family revocation above stays committed.
  if (!result) throw unauthorized(INVALID_REFRESH);
  return result;
}

/** Unknown or already revoked tokens are fine: logging out twice is not an error. */
export async function revokeRefreshToken(db: DbOrTx, presented: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, sha256(presented)), isNull(refreshTokens.revokedAt)));
}

/** Every session of the user ends (password changed or reset). */
export async function revokeAllRefreshTokens(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
