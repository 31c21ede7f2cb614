import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { findPlan } from '../../../shared/plans.ts';
import type { Database } from '../../db/client.ts';
import { payments, users, webhookEvents } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { PurchaseMailConfig } from './purchase-email.ts';
import { recordIncident } from './payment-incidents.service.ts';
import {
  lockPaymentIntent,
  paidPaymentFor,
  reconcilePayment,
  recordReversal,
  type ReversalInput,
} from './payment-reversals.ts';
import { closeCheckout, completePurchase } from './payments.service.ts';

export interface StripeEventContext {
  db: Database;
  log: FastifyBaseLogger;
  mail: PurchaseMailConfig;
}

/** Stripe's default: a signature older than five minutes is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const SIGNATURE_INVALID = '署名の検証に失敗しました';
export const EVENT_MALFORMED = 'イベントの形式が正しくありません';

const stripeId = z.string().min(1).max(255);
/** An id, or the object itself when Stripe expanded it. */
const expandable = z
  .union([stripeId, z.object({ id: stripeId })])
  .nullish()
  .transform((value) => (typeof value === 'string' ? value : (value?.id ?? null)));

const eventSchema = z.object({
  id: stripeId,
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const checkoutSessionSchema = z.object({
  id: stripeId,
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  payment_intent: expandable,
  // Nullable in Stripe's API (setup mode); for our payment sessions a null is a mismatch.
  amount_total: z.number().int().nonnegative().nullable(),
  currency: z.string().max(10).nullable(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

const sessionIdOnlySchema = z.object({ id: stripeId });

const chargeSchema = z.object({
  id: stripeId,
  payment_intent: expandable,
  amount_refunded: z.number().int().nonnegative(),
});

const disputeSchema = z.object({
  id: stripeId,
  payment_intent: expandable,
  amount: z.number().int().nonnegative(),
  status: z.string().min(1).max(64),
});

/** Closed disputes the merchant kept the money of; 'lost' keeps the credits taken. */
const DISPUTE_KEPT = new Set(['won', 'warning_closed', 'prevented']);
const DISPUTE_CLOSED = new Set([...DISPUTE_KEPT, 'lost']);

/** A handled type whose object is not what Stripe sends: 400, as Stripe's guide recommends. */
function parseObject<T extends z.ZodType>(schema: T, object: unknown): z.infer<T> {
  const parsed = schema.safeParse(object);
  if (!parsed.success) throw badRequest(EVENT_MALFORMED);
  return parsed.data;
}

/**
 * The signed event, or a 400. The SDK refuses signatures older than the tolerance but accepts
 * any from the future (its age check is one-sided), so a timestamp more than the tolerance
 * ahead of our clock is refused here: such a header would otherwise stay replayable for as
 * long as it lies in the future.
 */
export function verifyStripeEvent(
  stripe: Stripe,
  body: Buffer,
  signature: string,
  secret: string,
  now = Date.now(),
): { id: string; type: string; object: Record<string, unknown> } {
  let event: unknown;
  try {
    event = stripe.webhooks.constructEvent(
      body,
      signature,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now,
    );
  } catch {
    throw badRequest(SIGNATURE_INVALID);
  }
  // The SDK signs with the last t= of the header; read the same one.
  const timestamps = signature
    .split(',')
    .filter((item) => item.split('=')[0] === 't')
    .map((item) => Number.parseInt(item.split('=')[1] ?? '', 10));
  const timestamp = timestamps.at(-1);
  if (timestamp === undefined || !Number.isFinite(timestamp)) throw badRequest(SIGNATURE_INVALID);
  if (timestamp - Math.floor(now / 1000) > SIGNATURE_TOLERANCE_SECONDS)
    throw badRequest(SIGNATURE_INVALID);
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) throw badRequest(EVENT_MALFORMED);
  return { id: parsed.data.id, type: parsed.data.type, object: parsed.data.data.object };
}

/**
 * A paid checkout session credits its buyer once, if it charged the plan's price in yen. A
 * session naming nobody we know (a user deleted from the database, or a session made
 * elsewhere without our metadata) or charging another amount is recorded and acknowledged:
 * Stripe retrying for days would not change it.
 */
async function fulfil(
  ctx: StripeEventContext,
  event: { id: string; type: string },
  session: CheckoutSession,
): Promise<string[]> {
  const metadata = session.metadata ?? {};
  const [payment] = await ctx.db
    .select({ userId: payments.userId, amountYen: payments.amountYen, status: payments.status })
    .from(payments)
    .where(eq(payments.sessionId, session.id));
  const userId = payment?.userId ?? metadata.user_id ?? null;
  const [user] = userId
    ? await ctx.db
        .select({ id: users.id, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId))
    : [];
  // A deleted account cannot use credits: the operator refunds the payment instead.
  if (!user || user.deletedAt || (!payment && !metadata.plan_id)) {
    await recordIncident(ctx.db, ctx.log, {
      kind: 'unknown_user',
      eventId: event.id,
      userId,
      sessionId: session.id,
      details: {
        type: event.type,
        planId: metadata.plan_id ?? null,
        deletedAccount: Boolean(user?.deletedAt),
      },
    });
    return [];
  }
  // What we asked Stripe to charge: the stored price, or the plan's for a session made elsewhere.
  const expectedYen = payment?.amountYen ?? findPlan(metadata.plan_id ?? '')?.priceYen ?? null;
  if (
    expectedYen === null ||
    session.amount_total !== expectedYen ||
    session.currency?.toLowerCase() !== 'jpy'
  ) {
    // Only a payment still waiting is failed: a replay after crediting changes nothing.
    if (payment?.status === 'pending') await closeCheckout(ctx.db, session.id, 'failed');
    if (!payment || payment.status === 'pending') {
      await recordIncident(ctx.db, ctx.log, {
        kind: 'amount_mismatch',
        eventId: event.id,
        userId: user.id,
        sessionId: session.id,
        details: {
          type: event.type,
          planId: metadata.plan_id ?? null,
          expectedYen,
          amountTotal: session.amount_total,
          currency: session.currency,
        },
      });
    }
    return [];
  }
  const result = await completePurchase(ctx.db, {
    sessionId: session.id,
    provider: 'stripe',
    mail: ctx.mail,
    stripe: { paymentIntentId: session.payment_intent, eventId: event.id, log: ctx.log },
    ...(metadata.plan_id ? { fallback: { userId: user.id, planId: metadata.plan_id } } : {}),
  });
  return result.emailIds;
}

/**
 * Records a refund or dispute and, if its payment has arrived, brings the payment in line
 * with it; otherwise it waits in payment_reversals for the payment (ADR 024). The event id is
 * stored in the same transaction, so a replayed event changes nothing.
 */
async function reverse(
  ctx: StripeEventContext,
  event: { id: string; type: string },
  reversal: Omit<ReversalInput, 'eventId' | 'paymentIntentId'> & {
    paymentIntentId: string | null;
  },
): Promise<void> {
  const { paymentIntentId } = reversal;
  if (!paymentIntentId) {
    // A charge without a PaymentIntent was not made through Checkout, so none of ours.
    ctx.log.info({ eventId: event.id, type: event.type }, 'reversal without a payment ignored');
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ id: event.id, provider: 'stripe', type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!fresh) return;
    await lockPaymentIntent(tx, paymentIntentId);
    await recordReversal(tx, { ...reversal, paymentIntentId, eventId: event.id });
    const payment = await paidPaymentFor(tx, paymentIntentId);
    if (!payment) {
      ctx.log.info(
        { eventId: event.id, paymentIntentId },
        'reversal kept until its payment arrives',
      );
      return;
    }
    await reconcilePayment(tx, ctx.log, { paymentId: payment.id, eventId: event.id });
  });
}

/**
 * Handles one verified event; returns outbox ids to deliver. Unknown types are acknowledged
 * and ignored; a handled type with an object of the wrong shape is a 400.
 */
export async function handleStripeEvent(
  ctx: StripeEventContext,
  event: { id: string; type: string; object: Record<string, unknown> },
): Promise<string[]> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = parseObject(checkoutSessionSchema, event.object);
      // Konbini and bank transfer complete the session unpaid; they are credited when
      // checkout.session.async_payment_succeeded arrives. The page itself is done.
      if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
        return fulfil(ctx, event, session);
      await closeCheckout(ctx.db, session.id, 'pending');
      return [];
    }
    case 'checkout.session.async_payment_succeeded':
      return fulfil(ctx, event, parseObject(checkoutSessionSchema, event.object));
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = parseObject(sessionIdOnlySchema, event.object);
      await closeCheckout(ctx.db, session.id, 'failed');
      return [];
    }
    case 'charge.refunded': {
      const charge = parseObject(chargeSchema, event.object);
      await reverse(ctx, event, {
        id: `refund:${charge.id}`,
        kind: 'refund',
        paymentIntentId: charge.payment_intent,
        amountYen: charge.amount_refunded,
        status: 'refunded',
      });
      return [];
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = parseObject(disputeSchema, event.object);
      const closed = event.type === 'charge.dispute.closed';
      if (closed && !DISPUTE_CLOSED.has(dispute.status)) throw badRequest(EVENT_MALFORMED);
      await reverse(ctx, event, {
        id: `dispute:${dispute.id}`,
        kind: 'dispute',
        paymentIntentId: dispute.payment_intent,
        amountYen: dispute.amount,
        status: !closed ? 'open' : DISPUTE_KEPT.has(dispute.status) ? 'won' : 'lost',
      });
      return [];
    }
    default:
      return [];
  }
}
