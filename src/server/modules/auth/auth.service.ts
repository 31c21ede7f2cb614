import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '../../../shared/limits.ts';
import { ACCOUNT_SUSPENDED, type AuthResponse, type SignupRequest } from '../../../shared/auth.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { enqueueEmail } from '../notifications/outbox.ts';
import { signAccessToken, USER_TOKEN_AUDIENCE } from './access-token.ts';
import { toCurrentUser } from './current-user.ts';
import { sendConfirmationLink } from './email-confirmation.ts';
import { signupExistingEmail } from './emails.ts';
import { getDummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { issueTokenSet, newOpaqueToken } from './refresh-tokens.ts';

export const INVALID_CREDENTIALS = 'メールアドレスまたはパスワードが正しくありません';
export const EMAIL_TAKEN = 'このメールアドレスは既に登録されています';

export interface AuthContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
}

/** 23505 on the e-mail index, wherever the driver (pg or PGlite) puts it in the cause chain. */
export function isDuplicateEmail(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || constraint === 'users_email_unique';
  }
  return false;
}

/**
 * Spec §4 account creation, in one transaction: the user, the confirmation mail and the first
 * session. The user may try the product at once; the 50-credit bonus and the referrer's bonus
 * wait for the confirmed address (email-confirmation.ts), so undeliverable addresses earn
 * nothing. An address that already has an account gets the same answer, after the same work
 * (the password is hashed either way), and its owner a mail instead: sign-up does not tell
 * anyone which addresses are registered. Returns the outbox ids to deliver.
 */
export async function signup(
  ctx: AuthContext,
  input: SignupRequest,
): Promise<{ response: AuthResponse; emailIds: string[] }> {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email));
  if (existing) return signupForExistingAddress(ctx, input);
  const userId = randomUUID();
  const displayName = input.displayName?.trim() || null;
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: userId,
        email: input.email,
        passwordHash,
        displayName,
        signupReferralCode: input.ref ?? null,
      });
      const confirmationEmailId = await sendConfirmationLink(tx, ctx.config, {
        id: userId,
        email: input.email,
      });
      const tokens = await issueTokenSet(tx, ctx.config.jwtSecret, {
        id: userId,
        email: input.email,
        tokenVersion: 0,
      });
      return {
        response: { ...tokens, user: await toCurrentUser(tx, userId) },
        emailIds: [confirmationEmailId],
      };
    });
  } catch (error) {
    // A racing sign-up for the same address committed first.
    if (isDuplicateEmail(error)) return signupForExistingAddress(ctx, input);
    throw error;
  }
}

/**
 * The answer a new account gets, in shape and status, for an account that is not created: a
 * token set nobody can use (its refresh token is stored nowhere, its subject is no user) and
 * a user as fresh as a new one. The address's owner is told by mail.
 */
async function signupForExistingAddress(
  ctx: AuthContext,
  input: SignupRequest,
): Promise<{ response: AuthResponse; emailIds: string[] }> {
  const emailId = await enqueueEmail(ctx.db, signupExistingEmail(ctx.config, input.email));
  const issuedAt = Math.floor(Date.now() / 1000);
  const phantomId = randomUUID();
  const accessToken = await signAccessToken(
    ctx.config.jwtSecret,
    USER_TOKEN_AUDIENCE,
    { sub: phantomId, email: input.email, tv: 0 },
    ACCESS_TOKEN_TTL_SECONDS,
    issuedAt,
  );
  return {
    response: {
      access_token: accessToken,
      refresh_token: newOpaqueToken(),
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_expires_in: REFRESH_TOKEN_TTL_SECONDS,
      issued_at: issuedAt,
      user: {
        id: phantomId,
        email: input.email,
        displayName: input.displayName?.trim() || null,
        avatarUrl: null,
        credits: 0,
        createdAt: new Date(issuedAt * 1000).toISOString(),
        faqCount: 0,
        emailConfirmed: false,
      },
    },
    emailIds: [emailId],
  };
}

/** null for an unknown e-mail and for a wrong password alike, after the same amount of work. */
export async function login(
  ctx: AuthContext,
  email: string,
  password: string,
): Promise<AuthResponse | null> {
  const [user] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      suspendedAt: users.suspendedAt,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.email, email));
  const valid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !valid) return null;
  // Told only to whoever knows the password, so it reveals nothing to a guesser.
  if (user.suspendedAt) throw new HttpError(403, ACCOUNT_SUSPENDED);
  const tokens = await issueTokenSet(ctx.db, ctx.config.jwtSecret, user);
  return { ...tokens, user: await toCurrentUser(ctx.db, user.id) };
}
