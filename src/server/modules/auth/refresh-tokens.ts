import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
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
 * How long the token just rotated away still answers with its successor, so two refreshes a
 * client sends at once (two tabs, a retry) both end with the same new pair.
 */
export const REFRESH_GRACE_SECONDS = 30;

export interface TokenUser {
  id: string;
  email: string;
  /** users.token_version; access tokens carrying an older one are refused. */
  tokenVersion: number;
}

/**
 * The successor of a refresh token is derived from it with the server secret, so a token
 * presented again within the grace window can be answered with the very same successor
 * although only hashes are stored.
 */
const successorOf = (jwtSecret: string, presented: string): string =>
  createHmac('sha256', jwtSecret).update(`refresh-successor:${presented}`).digest('base64url');

async function tokenSetFor(
  jwtSecret: string,
  user: TokenUser,
  refreshToken: string,
  issuedAt: number,
): Promise<TokenSet> {
  const accessToken = await signAccessToken(
    jwtSecret,
    USER_TOKEN_AUDIENCE,
    { sub: user.id, email: user.email, tv: user.tokenVersion },
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
 * A fresh access token plus a new refresh token in `familyId` (a new family = a new sign-in).
 * Only the refresh token's SHA-256 reaches the database.
 */
export async function issueTokenSet(
  db: DbOrTx,
  jwtSecret: string,
  user: TokenUser,
  familyId: string = randomUUID(),
  refreshToken: string = newOpaqueToken(),
): Promise<TokenSet> {
  const issuedAt = Math.floor(Date.now() / 1000);
  await db.insert(refreshTokens).values({
    id: randomUUID(),
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date((issuedAt + REFRESH_TOKEN_TTL_SECONDS) * 1000),
    // Whole seconds, so a repeat within the grace window can sign the identical access token.
    createdAt: new Date(issuedAt * 1000),
  });
  return tokenSetFor(jwtSecret, user, refreshToken, issuedAt);
}

/**
 * Rotation: each refresh token works once. Presenting it again within REFRESH_GRACE_SECONDS
 * of its rotation returns the same successor pair (parallel refreshes of one client); later,
 * or once the successor was itself used, it means the token leaked or was replayed, so every
 * token of that family is revoked and the thief's copy dies together with the owner's.
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
    const loadUser = async () => {
      const [user] = await tx
        .select({
          id: users.id,
          email: users.email,
          tokenVersion: users.tokenVersion,
          suspendedAt: users.suspendedAt,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(eq(users.id, row.userId));
      return user && !user.deletedAt ? user : null;
    };
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
    /** The successor pair again, if this token was rotated moments ago and it is unused. */
    const withinGrace = async (rotatedAt: Date | null): Promise<TokenSet | null> => {
      if (!rotatedAt || now.getTime() - rotatedAt.getTime() > REFRESH_GRACE_SECONDS * 1000)
        return null;
      const successor = successorOf(jwtSecret, presented);
      const [next] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(successor)));
      if (!next || next.rotatedAt || next.revokedAt || next.familyId !== row.familyId) return null;
      const user = await loadUser();
      if (!user || user.suspendedAt) return null;
      return tokenSetFor(jwtSecret, user, successor, Math.floor(next.createdAt.getTime() / 1000));
    };
    if (row.revokedAt) {
      await revokeFamily();
      return null;
    }
    if (row.rotatedAt) {
      const repeat = await withinGrace(row.rotatedAt);
      if (repeat) return repeat;
      await revokeFamily();
      return null;
    }
    if (row.expiresAt <= now) return null;
    // The conditional update is the claim. Losing it means another request rotated this token
    // a moment ago (it waited for that commit on PostgreSQL): answered like any repeat.
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
      const [current] = await tx
        .select({ rotatedAt: refreshTokens.rotatedAt, revokedAt: refreshTokens.revokedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.id, row.id));
      const repeat = current?.revokedAt ? null : await withinGrace(current?.rotatedAt ?? null);
      if (repeat) return repeat;
      await revokeFamily();
      return null;
    }
    const user = await loadUser();
    if (!user) return null;
    if (user.suspendedAt) return 'suspended' as const;
    return issueTokenSet(
      tx,
      jwtSecret,
      { id: user.id, email: user.email, tokenVersion: user.tokenVersion },
      row.familyId,
      successorOf(jwtSecret, presented),
    );
  });
  if (result === 'suspended') throw new HttpError(403, ACCOUNT_SUSPENDED);
  // Thrown after the transaction so the family revocation above stays committed.
  if (!result) throw unauthorized(INVALID_REFRESH);
  return result;
}

/** Access tokens signed before this call stop working (the guard compares the version). */
export async function invalidateAccessTokens(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

/**
 * Logout ends the session: the whole family (so a copy rotated moments ago dies too) and the
 * user's access tokens (other devices get a new one with their own refresh token). Unknown or
 * already revoked tokens are fine: logging out twice is not an error.
 */
export async function revokeRefreshToken(db: Database, presented: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, sha256(presented)), isNull(refreshTokens.revokedAt)));
    if (!row) return;
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    await invalidateAccessTokens(tx, row.userId);
  });
}

/** Every session of the user ends, access tokens included (password changed or reset). */
export async function revokeAllRefreshTokens(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await invalidateAccessTokens(db, userId);
}
