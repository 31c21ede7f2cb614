import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { DeletionPreview } from '../../../shared/account.ts';
import {
  billingProfiles,
  creditTransactions,
  emailBonusClaims,
  emailChangeRequests,
  emailConfirmationTokens,
  passwordResetTokens,
  users,
} from '../../db/schema.ts';
import { canonicalMailbox } from '../../lib/canonical-mailbox.ts';
import { notFound } from '../../lib/http-error.ts';
import { revokeAllRefreshTokens } from '../auth/refresh-tokens.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import { avatarKeyFromUrl } from './profile.service.ts';

/** How ADR 013 folded an address for its claims: case and a `+alias` only. */
function legacyBonusAddress(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  const local = lower.slice(0, at).split('+')[0] || lower.slice(0, at);
  return `${local}${lower.slice(at)}`;
}

const bonusHash = (address: string): string =>
  createHash('sha256').update(`email-bonus:${address}`).digest('hex');

/** The claim of a mailbox (canonicalMailbox), whatever spelling of it is given. */
export const emailBonusHash = (email: string): string => bonusHash(canonicalMailbox(email));

/**
 * Claims the one-time sign-up bonus of a mailbox. False when this mailbox (in any spelling,
 * even of a deleted account) has already had it: no sign-up or referral bonus then. Claims
 * made before canonical mailboxes (ADR 023) hashed the address with case and +alias folded
 * only; for a deleted account they cannot be recomputed, so that older hash of the same
 * spelling is checked as well.
 */
export async function claimEmailBonus(db: DbOrTx, email: string): Promise<boolean> {
  const inserted = await db
    .insert(emailBonusClaims)
    .values({ emailHash: emailBonusHash(email) })
    .onConflictDoNothing({ target: emailBonusClaims.emailHash })
    .returning({ emailHash: emailBonusClaims.emailHash });
  if (inserted.length === 0) return false;
  const legacy = bonusHash(legacyBonusAddress(email));
  if (legacy === inserted[0]!.emailHash) return true;
  const [earlier] = await db
    .select({ emailHash: emailBonusClaims.emailHash })
    .from(emailBonusClaims)
    .where(eq(emailBonusClaims.emailHash, legacy));
  return earlier === undefined;
}

/**
 * Whether a mailbox has had its sign-up bonus already, without claiming it (the same two
 * hashes claimEmailBonus checks): the confirmation mail promises the bonus only when it is
 * still there to grant.
 */
export async function emailBonusClaimed(db: DbOrTx, email: string): Promise<boolean> {
  const hashes = [emailBonusHash(email), bonusHash(legacyBonusAddress(email))];
  const [claim] = await db
    .select({ emailHash: emailBonusClaims.emailHash })
    .from(emailBonusClaims)
    .where(inArray(emailBonusClaims.emailHash, hashes))
    .limit(1);
  return claim !== undefined;
}

/**
 * The credits a deletion gives up, and how many of them were paid for. The ledger has no lots,
 * so its rows are replayed in order into two pools: purchases (and what a resolved dispute
 * restored, type `others`, written only by payment reversals) fill the paid pool, bonuses and
 * grants the free one; spending takes from the free pool first, and a refund's take-back from
 * the paid one. Free first makes `paidCredits` the most of the balance that can have been
 * bought: the owner is never told that less is at stake than is.
 */
export async function deletionPreview(db: DbOrTx, userId: string): Promise<DeletionPreview> {
  const [user] = await db
    .select({ credits: users.credits })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw notFound('ユーザーが見つかりません');
  const rows = await db
    .select({ type: creditTransactions.type, amount: creditTransactions.amount })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.id));
  let free = 0;
  let paid = 0;
  for (const { type, amount } of rows) {
    if (amount >= 0) {
      if (type === 'purchase' || type === 'others') paid += amount;
      else free += amount;
    } else if (type === 'refund') {
      const fromPaid = Math.min(paid, -amount);
      paid -= fromPaid;
      free = Math.max(0, free - (-amount - fromPaid));
    } else {
      const fromFree = Math.min(free, -amount);
      free -= fromFree;
      paid = Math.max(0, paid - (-amount - fromFree));
    }
  }
  return { credits: user.credits, paidCredits: Math.max(0, Math.min(user.credits, paid)) };
}

/** The placeholder address of a deleted account: unique, and never a deliverable address. */
export const deletedEmail = (userId: string): string => `deleted-${userId}@deleted.invalid`;

/**
 * Deletes an account the way records require (sales and ledger rows are kept for tax
 * purposes): personal data is replaced or removed, every session ends, the address keeps its
 * bonus claim (so signing up again earns nothing), and payments, ledger and referral rows stay.
 */
export async function deleteAccount(
  db: Database,
  storage: StorageBackend,
  log: FastifyBaseLogger,
  userId: string,
): Promise<{ email: string }> {
  const deleted = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, avatarUrl: users.avatarUrl })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!user) throw notFound('ユーザーが見つかりません');
    await claimEmailBonus(tx, user.email);
    await tx
      .update(users)
      .set({
        email: deletedEmail(userId),
        // Not an argon2 hash: no password can ever match it.
        passwordHash: '!deleted',
        displayName: null,
        avatarUrl: null,
        referralCode: null,
        aiProvider: null,
        aiCustomInstructions: null,
        suspendedAt: null,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await revokeAllRefreshTokens(tx, userId);
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(emailConfirmationTokens).where(eq(emailConfirmationTokens.userId, userId));
    // A requested new address is personal data as well, and its link must not revive anything.
    await tx.delete(emailChangeRequests).where(eq(emailChangeRequests.userId, userId));
    // The profile is personal data; receipts already issued keep the name they printed.
    await tx.delete(billingProfiles).where(eq(billingProfiles.userId, userId));
    return user;
  });
  const avatarKey = avatarKeyFromUrl(deleted.avatarUrl);
  if (avatarKey) {
    await storage.remove(avatarKey).catch((error: unknown) => {
      log.warn({ err: error, userId }, 'avatar of a deleted account could not be removed');
    });
  }
  return { email: deleted.email };
}

/** Suspends (or lifts the suspension of) a live account; suspending ends every session. */
export async function setSuspended(db: Database, userId: string, suspended: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ suspendedAt: suspended ? new Date() : null, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id, email: users.email });
    if (!row) throw notFound('ユーザーが見つかりません');
    if (suspended) await revokeAllRefreshTokens(tx, userId);
    return row;
  });
}
