import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentReversals, payments, users } from '../../db/schema.ts';
import { grantCredits, spendCredits } from '../credits/ledger.ts';
import { settleReferralPurchaseBonus } from '../referrals/referrals.service.ts';
import { recordIncident } from './payment-incidents.service.ts';

interface ReversalLogger {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
}

export interface ReversalInput {
  /** refund:<charge id> or dispute:<dispute id>. */
  id: string;
  kind: 'refund' | 'dispute';
  paymentIntentId: string;
  amountYen: number;
  /** A dispute still 'open' never overwrites a close that arrived before it. */
  status: 'refunded' | 'open' | 'won' | 'lost';
  eventId: string;
}

/** Payments whose money has arrived; a refund or dispute counts against these only. */
const PAID_STATUSES = new Set(['completed', 'partially_refunded', 'refunded']);

/**
 * Serialises every change to one PaymentIntent's payment and reversals across processes. The
 * refund that arrives while its payment completes would otherwise miss it on both sides (each
 * transaction reads before the other commits) and be lost (ADR 024).
 */
export async function lockPaymentIntent(tx: DbOrTx, paymentIntentId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`stripe-payment-intent:${paymentIntentId}`}))`,
  );
}

/**
 * Stores what Stripe says about a refund or dispute, whether or not its payment is known yet.
 * A charge's amount_refunded is cumulative, so the largest seen wins and a late older event
 * cannot lower it; a dispute keeps its close when an older 'created' arrives after it.
 */
export async function recordReversal(tx: DbOrTx, input: ReversalInput): Promise<void> {
  await tx
    .insert(paymentReversals)
    .values({
      id: input.id,
      provider: 'stripe',
      kind: input.kind,
      paymentIntentId: input.paymentIntentId,
      amountYen: input.amountYen,
      status: input.status,
      lastEventId: input.eventId,
    })
    .onConflictDoUpdate({
      target: paymentReversals.id,
      set: {
        amountYen:
          input.kind === 'refund'
            ? sql`greatest(${paymentReversals.amountYen}, ${input.amountYen})`
            : input.amountYen,
        ...(input.status === 'open' ? {} : { status: input.status }),
        lastEventId: input.eventId,
        updatedAt: new Date(),
      },
    });
}

/** The paid payment a PaymentIntent belongs to, if it has arrived. */
export async function paidPaymentFor(tx: DbOrTx, paymentIntentId: string) {
  const rows = await tx
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(eq(payments.paymentIntentId, paymentIntentId));
  return rows.find((row) => PAID_STATUSES.has(row.status)) ?? null;
}

/**
 * Brings a paid payment in line with every refund and dispute recorded for its PaymentIntent:
 * returned yen = the largest cumulative refund + disputes open or lost, capped at the price;
 * credits accounted for = the same share of the pack, rounded up, so no credit outlives its
 * money. More to account for takes unreserved credits (the rest is a recorded shortfall);
 * less (a dispute won) gives back what was taken, the shortfall dissolving first. The
 * referrer's first-purchase bonus follows whether the money is wholly returned. The caller
 * holds lockPaymentIntent; `eventId` names the ledger rows and incidents, one per event.
 * Returns whether the payment's money is now wholly returned.
 */
export async function reconcilePayment(
  tx: DbOrTx,
  log: ReversalLogger,
  input: { paymentId: string; eventId: string },
): Promise<{ returned: boolean }> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, input.paymentId))
    .for('update');
  if (!payment?.paymentIntentId || !PAID_STATUSES.has(payment.status)) return { returned: false };
  const reversals = await tx
    .select()
    .from(paymentReversals)
    .where(eq(paymentReversals.paymentIntentId, payment.paymentIntentId));
  // One Checkout payment is one charge, whose amount_refunded already sums its refunds.
  const refundedYen = Math.max(
    0,
    ...reversals.filter((row) => row.kind === 'refund').map((row) => row.amountYen),
  );
  const disputedYen = reversals
    .filter((row) => row.kind === 'dispute' && (row.status === 'open' || row.status === 'lost'))
    .reduce((sum, row) => sum + row.amountYen, 0);
  const returnedYen = Math.min(payment.amountYen, refundedYen + disputedYen);
  const target = Math.min(
    payment.credits,
    Math.ceil((payment.credits * returnedYen) / Math.max(1, payment.amountYen)),
  );
  const returned = returnedYen >= payment.amountYen;
  let taken = payment.takenCredits;

  if (target > payment.refundedCredits) {
    const due = target - payment.refundedCredits;
    const [owner] = await tx
      .select({ credits: users.credits, reserved: users.reservedCredits })
      .from(users)
      .where(eq(users.id, payment.userId))
      .for('update');
    const take = Math.max(0, Math.min(due, (owner?.credits ?? 0) - (owner?.reserved ?? 0)));
    if (take > 0) {
      await spendCredits(tx, {
        userId: payment.userId,
        amount: take,
        type: 'refund',
        description:
          disputedYen > 0
            ? '支払い異議に伴うクレジットの取り消し'
            : '返金に伴うクレジットの取り消し',
        reference: `reversal-taken:${input.eventId}`,
      });
      taken += take;
    }
    if (due > take) {
      await recordIncident(tx, log, {
        kind: 'refund_shortfall',
        eventId: input.eventId,
        userId: payment.userId,
        sessionId: payment.sessionId,
        shortfallCredits: due - take,
        details: { due, taken: take, refundedYen, disputedYen },
      });
    }
  } else if (target < payment.refundedCredits) {
    const released = payment.refundedCredits - target;
    const shortfall = payment.refundedCredits - payment.takenCredits;
    const restore = Math.min(taken, Math.max(0, released - shortfall));
    if (restore > 0) {
      await grantCredits(tx, {
        userId: payment.userId,
        amount: restore,
        type: 'others',
        description: '支払い異議の解決に伴うクレジットの復元',
        reference: `reversal-restored:${input.eventId}`,
      });
      taken -= restore;
    }
  }

  await tx
    .update(payments)
    .set({
      refundedCredits: target,
      takenCredits: taken,
      refundedYen: returnedYen,
      status: returned ? 'refunded' : returnedYen > 0 ? 'partially_refunded' : 'completed',
    })
    .where(eq(payments.id, payment.id));

  const referral = await settleReferralPurchaseBonus(tx, {
    buyerId: payment.userId,
    paymentId: payment.id,
    returned,
    reference: input.eventId,
  });
  if (referral && referral.shortfall > 0) {
    await recordIncident(tx, log, {
      kind: 'referral_bonus_shortfall',
      eventId: input.eventId,
      userId: referral.referrerUserId,
      sessionId: payment.sessionId,
      shortfallCredits: referral.shortfall,
      details: { buyerId: payment.userId, paymentId: payment.id },
    });
  }
  return { returned };
}
