import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  EXPIRED_EMAIL_CHANGE_LINK,
  FOREIGN_EMAIL_CHANGE_LINK,
  INVALID_EMAIL_CHANGE_LINK,
  USED_EMAIL_CHANGE_LINK,
} from '../../../shared/account.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import {
  emailChangeRequests,
  emailConfirmationTokens,
  passwordResetTokens,
  users,
} from '../../db/schema.ts';
import { canonicalMailbox, canonicalMailboxSql } from '../../lib/canonical-mailbox.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { EMAIL_TAKEN, isDuplicateEmail } from '../auth/auth.service.ts';
import { grantConfirmationRewards } from '../auth/email-confirmation.ts';
import type { MailConfig } from '../auth/emails.ts';
import { newOpaqueToken, sha256 } from '../auth/refresh-tokens.ts';
import { enqueueEmail } from '../notifications/outbox.ts';
import { claimEmailBonus } from './account-lifecycle.ts';
import {
  EMAIL_CHANGE_TTL_HOURS,
  emailChangeExistingEmail,
  emailChangeLinkEmail,
  emailChangeNoticeEmail,
} from './account-emails.ts';

export const SAME_EMAIL = '現在と同じメールアドレスです';

/**
 * Whether another account already uses this mailbox: addresses compare as canonical
 * mailboxes, so 'Taro+shop@…' (or a Gmail dot spelling) cannot take over the account 'taro@…'
 * lives in.
 */
async function addressTaken(db: DbOrTx, email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ne(users.id, exceptUserId),
        // A shadow sign-up (auth.service.ts) never owns its address.
        eq(users.shadow, false),
        sql`${canonicalMailboxSql(users.email)} = ${canonicalMailbox(email)}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Step one of an address change (the password was checked by the caller). The new address
 * gets a one-time link, or, when another account already has it, a notice instead: the
 * answer and the mails to the current address are the same either way, so the request
 * cannot be used to find out which addresses are registered. Returns the outbox ids.
 */
export async function requestEmailChange(
  db: Database,
  mail: MailConfig,
  user: { id: string; email: string },
  newEmail: string,
): Promise<string[]> {
  if (newEmail === user.email) throw new HttpError(400, SAME_EMAIL);
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ shadow: users.shadow })
      .from(users)
      .where(eq(users.id, user.id));
    // A shadow account's current address belongs to someone else, who is told nothing.
    const notices = account?.shadow
      ? []
      : [await enqueueEmail(tx, emailChangeNoticeEmail(mail, user.email))];
    if (await addressTaken(tx, newEmail, user.id)) {
      return [...notices, await enqueueEmail(tx, emailChangeExistingEmail(mail, newEmail))];
    }
    const now = new Date();
    // Only the newest request counts: an older link must not move the account later on.
    await tx
      .update(emailChangeRequests)
      .set({ usedAt: now })
      .where(and(eq(emailChangeRequests.userId, user.id), isNull(emailChangeRequests.usedAt)));
    const token = newOpaqueToken();
    await tx.insert(emailChangeRequests).values({
      id: randomUUID(),
      userId: user.id,
      newEmail,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000),
    });
    return [...notices, await enqueueEmail(tx, emailChangeLinkEmail(mail, newEmail, token))];
  });
}

/**
 * Step two: the link from the new address, opened by the account that asked. The address is
 * checked again (another account may have taken it since), and the change claims the link
 * so it works once. Every address an account has used keeps the bonus history it had: an
 * account that already earned its sign-up bonus claims the new address too, so moving to an
 * address and away again never frees it for a second bonus. An account whose first address
 * was never confirmed gets, with this first confirmed address, what a confirmation grants.
 */
export async function confirmEmailChange(
  db: Database,
  mail: MailConfig,
  log: FastifyBaseLogger,
  userId: string,
  token: string,
): Promise<{ email: string; emailIds: string[] }> {
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const [request] = await tx
        .select()
        .from(emailChangeRequests)
        .where(eq(emailChangeRequests.tokenHash, sha256(token)))
        .for('update');
      if (!request) throw new HttpError(400, INVALID_EMAIL_CHANGE_LINK);
      if (request.userId !== userId) throw new HttpError(403, FOREIGN_EMAIL_CHANGE_LINK);
      if (request.usedAt) throw new HttpError(400, USED_EMAIL_CHANGE_LINK);
      if (request.expiresAt <= now) throw new HttpError(400, EXPIRED_EMAIL_CHANGE_LINK);
      const [user] = await tx
        .select({
          id: users.id,
          email: users.email,
          confirmedAt: users.emailConfirmedAt,
          ref: users.signupReferralCode,
        })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for('update');
      if (!user) throw unauthorized();
      if (await addressTaken(tx, request.newEmail, userId)) throw new HttpError(409, EMAIL_TAKEN);
      await tx
        .update(emailChangeRequests)
        .set({ usedAt: now })
        .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)));
      await tx
        .update(users)
        .set({
          email: request.newEmail,
          emailConfirmedAt: user.confirmedAt ?? now,
          // A shadow sign-up that confirms an address of its own is an account like any other.
          shadow: false,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      // Links mailed to the old address must not act on the account any more.
      await tx.delete(emailConfirmationTokens).where(eq(emailConfirmationTokens.userId, userId));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      let emailIds: string[] = [];
      if (user.confirmedAt) {
        await claimEmailBonus(tx, user.email);
        await claimEmailBonus(tx, request.newEmail);
      } else {
        ({ emailIds } = await grantConfirmationRewards(tx, mail, log, {
          id: userId,
          email: request.newEmail,
          ref: user.ref,
        }));
      }
      return { email: request.newEmail, emailIds };
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isDuplicateEmail(error)) throw new HttpError(409, EMAIL_TAKEN);
    throw error;
  }
}
