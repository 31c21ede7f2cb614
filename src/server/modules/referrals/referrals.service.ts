import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { REFERRAL_PURCHASE_BONUS, REFERRAL_SIGNUP_BONUS } from '../../../shared/limits.ts';
import type { DbOrTx } from '../../db/client.ts';
import { referrals, users } from '../../db/schema.ts';
import { grantCredits, spendCredits } from '../credits/ledger.ts';
import type { MailConfig } from '../auth/emails.ts';
import { enqueueEmail } from '../notifications/outbox.ts';
import { referralRewardEmail } from './emails.ts';

interface Logger {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
}

/** docs/spec.md §3: 'REF_' + last 8 characters of the user id in upper case + base-36 timestamp. */
export function makeReferralCode(userId: string, now = Date.now()): string {
  const tail = userId.replaceAll('-', '').slice(-8).toUpperCase();
  return `REF_${tail}${now.toString(36).toUpperCase()}`;
}

/** One stable code per user; created on first request and kept. */
export async function ensureReferralCode(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ code: users.referralCode })
    .from(users)
    .where(eq(users.id, userId));
  if (row?.code) return row.code;
  const code = makeReferralCode(userId);
  const [updated] = await db
    .update(users)
    .set({ referralCode: code })
    .where(and(eq(users.id, userId), isNull(users.referralCode)))
    .returning({ code: users.referralCode });
  if (updated?.code) return updated.code;
  // Another request created it first.
  const [again] = await db
    .select({ code: users.referralCode })
    .from(users)
    .where(eq(users.id, userId));
  return again!.code!;
}

/**
 * Runs inside the sign-up transaction. Never blocks sign-up (docs/spec.md §8): problems are
 * logged and ignored. A savepoint keeps a failed referral from aborting the surrounding
 * transaction.
 */
export async function applyReferralAtSignup(
  tx: DbOrTx,
  input: { referredUserId: string; code: string; log: Logger; mail: MailConfig },
): Promise<string | null> {
  const code = input.code.trim();
  try {
    return await tx.transaction(async (savepoint) => {
      const [referrer] = await savepoint
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.referralCode, code));
      if (!referrer) {
        input.log.info({ code }, 'unknown referral code ignored');
        return null;
      }
      if (referrer.id === input.referredUserId) {
        input.log.warn({ code }, 'self-referral refused');
        return null;
      }
      const inserted = await savepoint
        .insert(referrals)
        .values({
          id: `ref_${randomUUID()}`,
          referralCode: code,
          referrerUserId: referrer.id,
          referredUserId: input.referredUserId,
          status: 'completed',
          signupBonusGiven: 1,
        })
        .onConflictDoNothing({ target: referrals.referredUserId })
        .returning({ id: referrals.id });
      if (inserted.length === 0) {
        input.log.warn({ code }, 'user already referred');
        return null;
      }
      const grant = await grantCredits(savepoint, {
        userId: referrer.id,
        amount: REFERRAL_SIGNUP_BONUS,
        type: 'referral_bonus',
        description: '友達紹介ボーナス（登録）',
        reference: `referral-signup:${input.referredUserId}`,
      });
      if (!grant.applied) return null;
      return enqueueEmail(
        savepoint,
        referralRewardEmail(input.mail, {
          to: referrer.email,
          amount: REFERRAL_SIGNUP_BONUS,
          occasion: 'signup',
          balance: grant.balance,
        }),
      );
    });
  } catch (error) {
    input.log.warn({ err: error, code }, 'referral handling failed; sign-up continues');
    return null;
  }
}

/**
 * The referred user's first purchase: +10 more to the referrer, exactly once (the conditional
 * update is the claim; the ledger reference makes a replay grant nothing). The payment is
 * remembered, so its full refund can take the bonus back (settleReferralPurchaseBonus).
 */
export async function applyReferralPurchaseBonus(
  tx: DbOrTx,
  buyerId: string,
  paymentId: string,
  mail: MailConfig,
): Promise<{ applied: boolean; emailId: string | null }> {
  const [claimed] = await tx
    .update(referrals)
    .set({ purchaseBonusGiven: 1, status: 'rewarded', purchasePaymentId: paymentId })
    .where(and(eq(referrals.referredUserId, buyerId), eq(referrals.purchaseBonusGiven, 0)))
    .returning({ referrerUserId: referrals.referrerUserId });
  if (!claimed) return { applied: false, emailId: null };
  const result = await grantCredits(tx, {
    userId: claimed.referrerUserId,
    amount: REFERRAL_PURCHASE_BONUS,
    type: 'referral_bonus',
    description: '友達紹介ボーナス（初回購入）',
    reference: `referral-purchase:${buyerId}`,
  });
  if (!result.applied) return { applied: false, emailId: null };
  const [referrer] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, claimed.referrerUserId));
  const emailId = referrer
    ? await enqueueEmail(
        tx,
        referralRewardEmail(mail, {
          to: referrer.email,
          amount: REFERRAL_PURCHASE_BONUS,
          occasion: 'purchase',
          balance: result.balance,
        }),
      )
    : null;
  return { applied: true, emailId };
}

/**
 * Keeps the first-purchase bonus in step with the payment that earned it: taken back while
 * that payment's money is wholly returned (refunded, or held by an open or lost dispute),
 * given back if a dispute is won (ADR 024). Only the referrer's unreserved credits are taken;
 * the rest is returned as a shortfall for the operator, and a restore gives back only what
 * was taken. The caller holds the payment's lock; `reference` is unique to the triggering
 * event, so the ledger refuses a second row for it.
 */
export async function settleReferralPurchaseBonus(
  tx: DbOrTx,
  input: { buyerId: string; paymentId: string; returned: boolean; reference: string },
): Promise<{ referrerUserId: string; shortfall: number } | null> {
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(
      and(
        eq(referrals.referredUserId, input.buyerId),
        eq(referrals.purchasePaymentId, input.paymentId),
        eq(referrals.purchaseBonusGiven, 1),
      ),
    )
    .for('update');
  if (!referral) return null;
  const referrerUserId = referral.referrerUserId;
  if (input.returned && !referral.purchaseBonusRevokedAt) {
    const [referrer] = await tx
      .select({ credits: users.credits, reserved: users.reservedCredits })
      .from(users)
      .where(eq(users.id, referrerUserId))
      .for('update');
    const taken = Math.max(
      0,
      Math.min(REFERRAL_PURCHASE_BONUS, (referrer?.credits ?? 0) - (referrer?.reserved ?? 0)),
    );
    if (taken > 0) {
      await spendCredits(tx, {
        userId: referrerUserId,
        amount: taken,
        type: 'referral_bonus',
        description: '友達紹介ボーナス（初回購入）の取り消し（ご紹介先の購入が返金されたため）',
        reference: `referral-purchase-revoked:${input.reference}`,
      });
    }
    await tx
      .update(referrals)
      .set({ purchaseBonusRevokedAt: new Date(), purchaseBonusTaken: taken, status: 'completed' })
      .where(eq(referrals.id, referral.id));
    return { referrerUserId, shortfall: REFERRAL_PURCHASE_BONUS - taken };
  }
  if (!input.returned && referral.purchaseBonusRevokedAt) {
    if (referral.purchaseBonusTaken > 0) {
      await grantCredits(tx, {
        userId: referrerUserId,
        amount: referral.purchaseBonusTaken,
        type: 'referral_bonus',
        description: '友達紹介ボーナス（初回購入）の復元',
        reference: `referral-purchase-restored:${input.reference}`,
      });
    }
    await tx
      .update(referrals)
      .set({ purchaseBonusRevokedAt: null, purchaseBonusTaken: 0, status: 'rewarded' })
      .where(eq(referrals.id, referral.id));
    return { referrerUserId, shortfall: 0 };
  }
  return null;
}
