import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SIGNUP_BONUS_CREDITS } from '../../../shared/limits.ts';
import { ACCOUNT_SUSPENDED, type AuthResponse, type SignupRequest } from '../../../shared/auth.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { conflict, HttpError } from '../../lib/http-error.ts';
import { claimEmailBonus } from '../account/account-lifecycle.ts';
import { grantCredits } from '../credits/ledger.ts';
import { enqueueEmail } from '../notifications/outbox.ts';
import { applyReferralAtSignup } from '../referrals/referrals.service.ts';
import { toCurrentUser } from './current-user.ts';
import { welcomeEmail } from './emails.ts';
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
function isDuplicateEmail(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || constraint === 'users_email_unique';
  }
  return false;
}

/**
 * Spec §4 account creation, all in one transaction: the user, the 50-credit signup bonus
 * (through the ledger), referral handling, the welcome mail and the first session. The unique
 * e-mail index decides racing sign-ups: one commits, the others roll back whole and get 409,
 * so the bonus exists exactly once. Returns the outbox id of the welcome mail for delivery.
 */
export async function signup(
  ctx: AuthContext,
  input: SignupRequest,
): Promise<{ response: AuthResponse; emailIds: string[] }> {
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  const displayName = input.displayName?.trim() || null;
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx.insert(users).values({ id: userId, email: input.email, passwordHash, displayName });
      // An address (any case or +alias, even of a deleted account) earns the bonuses once.
      const firstTimeAddress = await claimEmailBonus(tx, input.email);
      if (firstTimeAddress) {
        await grantCredits(tx, {
          userId,
          amount: SIGNUP_BONUS_CREDITS,
          type: 'signup_bonus',
          description: '新規登録ボーナス',
          reference: `signup:${userId}`,
        });
      } else if (input.ref) {
        ctx.log.info({ userId }, 'address already had its bonuses: referral not applied');
      }
      // Logs and swallows its own problems (spec §8): a bad code never blocks sign-up.
      const referralEmailId =
        input.ref && firstTimeAddress
          ? await applyReferralAtSignup(tx, {
              referredUserId: userId,
              code: input.ref,
              log: ctx.log,
              mail: ctx.config,
            })
          : null;
      const welcomeEmailId = await enqueueEmail(
        tx,
        welcomeEmail(ctx.config, input.email, displayName),
      );
      const tokens = await issueTokenSet(tx, ctx.config.jwtSecret, {
        id: userId,
        email: input.email,
      });
      return {
        response: { ...tokens, user: await toCurrentUser(tx, userId) },
        emailIds: referralEmailId ? [welcomeEmailId, referralEmailId] : [welcomeEmailId],
      };
    });
  } catch (error) {
    if (isDuplicateEmail(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
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
