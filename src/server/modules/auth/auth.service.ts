import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  SIGNUP_BONUS_CREDITS,
} from '../../../shared/limits.ts';
import type { CurrentUserResponse, SignupRequest, TokenSetResponse } from '../../../shared/auth.ts';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { faqGenerations, passwordResetTokens, refreshTokens, users } from '../../db/schema.ts';
import { conflict, HttpError, unauthorized } from '../../lib/http-error.ts';
import { grantCredits } from '../credits/ledger.ts';
import { enqueueEmail } from '../notifications/outbox.ts';
import { applyReferralAtSignup } from '../referrals/referrals.service.ts';
import { signAccessToken, USER_TOKEN_AUDIENCE } from './access-token.ts';

export const INVALID_CREDENTIALS = 'メールアドレスまたはパスワードが正しくありません';
export const INVALID_REFRESH = 'セッションの有効期限が切れました。もう一度ログインしてください';
export const INVALID_RESET_LINK = 'リンクが無効か有効期限が切れています';
const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

// argon2id with the library's defaults (OWASP-recommended memory cost).
export const hashPassword = (password: string) => hash(password);
export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);

// Verified against for unknown e-mails so both failure paths take the same time.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newOpaqueToken = () => randomBytes(32).toString('base64url');

export interface AuthContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  onEmailQueued(id: string): void;
}

export async function toCurrentUser(db: DbOrTx, userId: string): Promise<CurrentUserResponse> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      avatarUrl: users.avatarUrl,
      credits: users.credits,
      createdAt: users.createdAt,
      // FAQs generated = answers actually produced and charged (one credit each).
      faqCount: sql<number>`coalesce((select sum(${faqGenerations.creditsUsed}) from ${faqGenerations} where ${faqGenerations.userId} = ${users.id}), 0)::int`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return { ...row, createdAt: row.createdAt.toISOString() };
}

async function issueTokenSet(
  db: DbOrTx,
  config: Config,
  user: { id: string; email: string },
  familyId: string = randomUUID(),
): Promise<TokenSetResponse> {
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
    config.jwtSecret,
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

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function signup(ctx: AuthContext, input: SignupRequest) {
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  let queuedEmail: string | null = null;
  try {
    const result = await ctx.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: userId,
        email: input.email,
        passwordHash,
        displayName: input.displayName?.trim() || null,
      });
      await grantCredits(tx, {
        userId,
        amount: SIGNUP_BONUS_CREDITS,
        type: 'signup_bonus',
        description: '新規登録ボーナス',
        reference: `signup:${userId}`,
      });
      if (input.ref)
        await applyReferralAtSignup(tx, { referredUserId: userId, code: input.ref, log: ctx.log });
      queuedEmail = await enqueueEmail(tx, welcomeEmail(ctx.config, input.email));
      const tokens = await issueTokenSet(tx, ctx.config, { id: userId, email: input.email });
      return { ...tokens, user: await toCurrentUser(tx, userId) };
    });
    if (queuedEmail) ctx.onEmailQueued(queuedEmail);
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('このメールアドレスは既に登録されています');
    throw error;
  }
}

export async function login(ctx: AuthContext, email: string, password: string) {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  const valid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !valid) return null;
  const tokens = await issueTokenSet(ctx.db, ctx.config, user);
  return { ...tokens, user: await toCurrentUser(ctx.db, user.id) };
}

/**
 * Rotation: each refresh token works once. Presenting one that was already rotated means it
 * was stolen or replayed, so the whole family (every token from that sign-in) is revoked.
 */
export async function refresh(ctx: AuthContext, presented: string): Promise<TokenSetResponse> {
  const tokenHash = sha256(presented);
  return ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!row) throw unauthorized(INVALID_REFRESH);
      const now = new Date();
      if (row.rotatedAt || row.revokedAt) {
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
        ctx.log.warn(
          { userId: row.userId, familyId: row.familyId },
          'refresh token reuse: family revoked',
        );
        return null;
      }
      if (row.expiresAt <= now) throw unauthorized(INVALID_REFRESH);
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
      if (claimed.length === 0) throw unauthorized(INVALID_REFRESH);
      const [user] = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.id, row.userId));
      if (!user) throw unauthorized(INVALID_REFRESH);
      return issueTokenSet(tx, ctx.config, user, row.familyId);
    })
    .then((result) => {
      // Thrown outside the transaction so the family revocation above is committed.
      if (!result) throw unauthorized(INVALID_REFRESH);
      return result;
    });
}

export async function logout(db: Database, presented: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, sha256(presented)), isNull(refreshTokens.revokedAt)));
}

export async function updateProfile(
  db: Database,
  userId: string,
  patch: { displayName?: string | null | undefined; avatarUrl?: string | null | undefined },
): Promise<CurrentUserResponse> {
  const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (patch.displayName !== undefined) values.displayName = patch.displayName?.trim() || null;
  if (patch.avatarUrl !== undefined) {
    if (patch.avatarUrl !== null && !patch.avatarUrl.startsWith(`/api/account/avatar/${userId}/`)) {
      throw new HttpError(400, 'プロフィール画像のURLが正しくありません');
    }
    values.avatarUrl = patch.avatarUrl;
  }
  await db.update(users).set(values).where(eq(users.id, userId));
  return toCurrentUser(db, userId);
}

export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  if (!user) return; // No account enumeration: the caller answers 202 either way.
  const token = newOpaqueToken();
  const emailId = await ctx.db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      id: randomUUID(),
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    });
    return enqueueEmail(tx, passwordResetEmail(ctx.config, user.email, token));
  });
  ctx.onEmailQueued(emailId);
}

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
          sql`${passwordResetTokens.expiresAt} > ${now}`,
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw new HttpError(400, INVALID_RESET_LINK);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, claimed.userId));
    // A new password ends every existing session.
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, claimed.userId), isNull(refreshTokens.revokedAt)));
  });
}

function welcomeEmail(config: Config, to: string) {
  return {
    to,
    kind: 'welcome' as const,
    subject: `【${config.BRAND_NAME}】ご登録ありがとうございます`,
    text: [
      `${config.BRAND_NAME}にご登録いただき、ありがとうございます。`,
      '',
      `登録特典として${SIGNUP_BONUS_CREDITS}クレジットを付与しました。`,
      `さっそくFAQを作成してみましょう: ${config.publicUrl}/generate`,
      '',
      `ご不明な点は ${config.SUPPORT_EMAIL} までお問い合わせください。`,
    ].join('\n'),
  };
}

function passwordResetEmail(config: Config, to: string, token: string) {
  const link = `${config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    kind: 'password_reset' as const,
    subject: `【${config.BRAND_NAME}】パスワード再設定のご案内`,
    text: [
      'パスワード再設定のリクエストを受け付けました。',
      '以下のリンクから1時間以内に新しいパスワードを設定してください。',
      '',
      link,
      '',
      'このメールに心当たりがない場合は、破棄してください。パスワードは変更されません。',
    ].join('\n'),
  };
}
