import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SIGNUP_BONUS_CREDITS } from '../../../shared/limits.ts';
import type { ConfirmEmailResponse } from '../../../shared/auth.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { emailConfirmationTokens, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { claimEmailBonus, emailBonusClaimed } from '../account/account-lifecycle.ts';
import { grantCredits } from '../credits/ledger.ts';
import { enqueueEmail } from '../notifications/outbox.ts';
import { applyReferralAtSignup } from '../referrals/referrals.service.ts';
import {
  EMAIL_CONFIRMATION_TTL_HOURS,
  emailConfirmationEmail,
  type MailConfig,
  welcomeEmail,
} from './emails.ts';
import { newOpaqueToken, sha256 } from './refresh-tokens.ts';

export const INVALID_CONFIRM_LINK = '確認リンクが無効か有効期限が切れています';

/** A new one-time link for the user's address, queued in the outbox. Returns the outbox id. */
export async function sendConfirmationLink(
  db: DbOrTx,
  mail: MailConfig,
  user: { id: string; email: string },
): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(emailConfirmationTokens).values({
    id: randomUUID(),
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + EMAIL_CONFIRMATION_TTL_HOURS * 60 * 60 * 1000),
  });
  const bonus = (await emailBonusClaimed(db, user.email)) ? 0 : SIGNUP_BONUS_CREDITS;
  return enqueueEmail(db, emailConfirmationEmail(mail, user.email, token, bonus));
}

/**
 * Confirms the address behind a link and grants what waited for it: the sign-up bonus, the
 * referrer's bonus and the welcome mail. Opening the link again is fine and grants nothing
 * (the conditional update is the claim; ledger references make a replay a no-op as well).
 */
export async function confirmEmail(
  db: Database,
  mail: MailConfig,
  log: FastifyBaseLogger,
  token: string,
): Promise<{ response: ConfirmEmailResponse; emailIds: string[] }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [link] = await tx
      .select({ userId: emailConfirmationTokens.userId })
      .from(emailConfirmationTokens)
      .where(
        and(
          eq(emailConfirmationTokens.tokenHash, sha256(token)),
          gt(emailConfirmationTokens.expiresAt, now),
        ),
      );
    if (!link) throw new HttpError(400, INVALID_CONFIRM_LINK);
    const [claimed] = await tx
      .update(users)
      .set({ emailConfirmedAt: now, updatedAt: now })
      .where(and(eq(users.id, link.userId), isNull(users.emailConfirmedAt)))
      .returning({ id: users.id, email: users.email, ref: users.signupReferralCode });
    if (!claimed)
      return { response: { ok: true, alreadyConfirmed: true, creditsGranted: 0 }, emailIds: [] };
    const { emailIds, creditsGranted } = await grantConfirmationRewards(tx, mail, log, claimed);
    return { response: { ok: true, alreadyConfirmed: false, creditsGranted }, emailIds };
  });
}

/**
 * What waited for the account's first confirmed address: the sign-up bonus, the referrer's
 * bonus and the welcome mail (the welcome mail's outbox id first). Called inside the
 * transaction that set `email_confirmed_at`, so it runs once per account. `creditsGranted` is
 * what this confirmation gave, so the page and the welcome mail say exactly that (0 for a
 * mailbox that had its bonus before, ADR 023).
 */
export async function grantConfirmationRewards(
  tx: DbOrTx,
  mail: MailConfig,
  log: FastifyBaseLogger,
  user: { id: string; email: string; ref: string | null },
): Promise<{ emailIds: string[]; creditsGranted: number }> {
  const emailIds: string[] = [];
  let creditsGranted = 0;
  // A mailbox (any spelling of it, even of a deleted account) earns the bonuses once.
  if (await claimEmailBonus(tx, user.email)) {
    creditsGranted = SIGNUP_BONUS_CREDITS;
    await grantCredits(tx, {
      userId: user.id,
      amount: SIGNUP_BONUS_CREDITS,
      type: 'signup_bonus',
      description: '新規登録ボーナス',
      reference: `signup:${user.id}`,
    });
    // Logs and swallows its own problems (docs/spec.md §8): a bad code never blocks confirmation.
    const referralEmailId = user.ref
      ? await applyReferralAtSignup(tx, { referredUserId: user.id, code: user.ref, log, mail })
      : null;
    if (referralEmailId) emailIds.push(referralEmailId);
  } else {
    log.info({ userId: user.id }, 'address already earned its bonuses: none granted');
  }
  emailIds.unshift(await enqueueEmail(tx, welcomeEmail(mail, user.email, creditsGranted)));
  return { emailIds, creditsGranted };
}

/**
 * "Send the link again" for a signed-in user: the outbox id to deliver, if any. A shadow
 * account (auth.service.ts) hears the same as an unconfirmed one, but no link is sent: the
 * address belongs to someone else.
 */
export async function resendConfirmation(
  db: Database,
  mail: MailConfig,
  userId: string,
): Promise<{ alreadyConfirmed: boolean; emailId: string | null }> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      confirmedAt: users.emailConfirmedAt,
      shadow: users.shadow,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.confirmedAt) return { alreadyConfirmed: true, emailId: null };
  if (user.shadow) return { alreadyConfirmed: false, emailId: null };
  return { alreadyConfirmed: false, emailId: await sendConfirmationLink(db, mail, user) };
}
