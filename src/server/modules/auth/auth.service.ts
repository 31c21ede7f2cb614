import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_SUSPENDED, type AuthResponse, type SignupRequest } from '../../../shared/auth.ts';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { enqueueEmail } from '../notifications/outbox.ts';
import { toCurrentUser } from './current-user.ts';
import { sendConfirmationLink } from './email-confirmation.ts';
import { signupExistingEmail } from './emails.ts';
import { getDummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { issueTokenSet } from './refresh-tokens.ts';

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
 * docs/spec.md §4 account creation, in one transaction: the user, the confirmation mail and the
 * first session. The user may try the product at once; the 50-credit bonus and the referrer's
 * bonus wait for the confirmed address (email-confirmation.ts), so undeliverable addresses earn
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
    .where(and(eq(users.email, input.email), eq(users.shadow, false)));
  if (existing) return signupForExistingAddress(ctx, input, passwordHash);
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
      const user = { id: userId, email: input.email };
      const confirmationEmailId = await sendConfirmationLink(tx, ctx.config, user);
      return firstSession(tx, ctx.config, user, confirmationEmailId);
    });
  } catch (error) {
    // A racing sign-up for the same address committed first.
    if (isDuplicateEmail(error)) return signupForExistingAddress(ctx, input, passwordHash);
    throw error;
  }
}

/**
 * A sign-up for an address that already has an account creates a shadow account
 * (`users.shadow`): a real, unconfirmed, empty account with the typed name and password, whose
 * tokens work like a new account's. So not only the answer but everything the client does with
 * it next (`/api/auth/me`, refresh, trying the product) is the same as for a new address. The
 * shadow is never confirmed and owns nothing of the address; its owner is told by mail.
 */
async function signupForExistingAddress(
  ctx: AuthContext,
  input: SignupRequest,
  passwordHash: string,
): Promise<{ response: AuthResponse; emailIds: string[] }> {
  const userId = randomUUID();
  return ctx.db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: userId,
      email: input.email,
      passwordHash,
      displayName: input.displayName?.trim() || null,
      shadow: true,
    });
    const emailId = await enqueueEmail(tx, signupExistingEmail(ctx.config, input.email));
    return firstSession(tx, ctx.config, { id: userId, email: input.email }, emailId);
  });
}

/**
 * The answer to every sign-up, new address or not: the new account's first session and the
 * one mail the sign-up queued.
 */
async function firstSession(
  tx: DbOrTx,
  config: Config,
  user: { id: string; email: string },
  emailId: string,
): Promise<{ response: AuthResponse; emailIds: string[] }> {
  const tokens = await issueTokenSet(tx, config.jwtSecret, { ...user, tokenVersion: 0 });
  return { response: { ...tokens, user: await toCurrentUser(tx, user.id) }, emailIds: [emailId] };
}

const loginColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  suspendedAt: users.suspendedAt,
  tokenVersion: users.tokenVersion,
};

/**
 * null for an unknown e-mail and for a wrong password alike, after the same amount of work.
 * The address's own account is tried first; failing that, its newest shadow account (so whoever
 * signed up for a registered address can sign in again, as after a real sign-up). Every failed
 * attempt checks two hashes, real or dummy, so timing says nothing about shadows either.
 */
export async function login(
  ctx: AuthContext,
  email: string,
  password: string,
): Promise<AuthResponse | null> {
  const [owner] = await ctx.db
    .select(loginColumns)
    .from(users)
    .where(and(eq(users.email, email), eq(users.shadow, false)));
  let user = owner;
  let valid = await verifyPassword(owner?.passwordHash ?? (await getDummyHash()), password);
  if (!valid) {
    const [shadow] = await ctx.db
      .select(loginColumns)
      .from(users)
      .where(and(eq(users.email, email), eq(users.shadow, true), isNull(users.deletedAt)))
      .orderBy(desc(users.createdAt))
      .limit(1);
    user = shadow;
    valid = await verifyPassword(shadow?.passwordHash ?? (await getDummyHash()), password);
  }
  if (!user || !valid) return null;
  // Told only to whoever knows the password, so it reveals nothing to a guesser.
  if (user.suspendedAt) throw new HttpError(403, ACCOUNT_SUSPENDED);
  const tokens = await issueTokenSet(ctx.db, ctx.config.jwtSecret, user);
  return { ...tokens, user: await toCurrentUser(ctx.db, user.id) };
}
