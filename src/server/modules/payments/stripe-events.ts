import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database, DbOrTx } from '../../db/client.ts';
import { paymentIncidents, payments, users, webhookEvents } from '../../db/schema.ts';
import type { PurchaseMailConfig } from './purchase-email.ts';
import { spendCredits } from '../credits/ledger.ts';
import { completePurchase } from './payments.service.ts';

export interface StripeEventContext {
  db: Database;
  log: FastifyBaseLogger;
  mail: PurchaseMailConfig;
}

/** Records something an operator must look at; one row per event and kind. */
export async function recordIncident(
  db: DbOrTx,
  log: FastifyBaseLogger,
  incident: {
    kind: 'unknown_user' | 'unknown_payment' | 'refund_shortfall';
    eventId: string;
    userId?: string | null;
    sessionId?: string | null;
    shortfallCredits?: number;
    details: Record<string, unknown>;
  },
): Promise<void> {
  log.warn({ incident }, 'payment incident recorded for the operator');
  await db
    .insert(paymentIncidents)
    .values({
      id: randomUUID(),
      provider: 'stripe',
      kind: incident.kind,
      eventId: incident.eventId,
      userId: incident.userId ?? null,
      sessionId: incident.sessionId ?? null,
      shortfallCredits: incident.shortfallCredits ?? 0,
      details: incident.details,
    })
    .onConflictDoNothing();
}

const paymentIntentOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * A paid checkout session credits its buyer once. A session naming nobody we know (a user
 * deleted from the database, or a session made elsewhere without our metadata) is recorded
 * and acknowledged: Stripe retrying for days would not make the user appear.
 */
async function fulfil(
  ctx: StripeEventContext,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<string[]> {
  const metadata = session.metadata ?? {};
  const [payment] = await ctx.db
    .select({ userId: payments.userId })
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
  const result = await completePurchase(ctx.db, {
    sessionId: session.id,
    provider: 'stripe',
    mail: ctx.mail,
    paymentIntentId: paymentIntentOf(session.payment_intent),
    ...(metadata.plan_id ? { fallback: { userId: user.id, planId: metadata.plan_id } } : {}),
  });
  return result.emailIds;
}

/**
 * Takes back the credits of refunded (or disputed) money, as far as the unreserved balance
 * allows, with one ledger row; what cannot be taken back is recorded as a shortfall. The
 * event id is stored in the same transaction, so a replayed event changes nothing.
 */
async function reverse(
  ctx: StripeEventContext,
  event: Stripe.Event,
  input: {
    paymentIntentId: string | null;
    yen: number;
    cumulative: boolean;
    kind: 'refund' | 'dispute';
  },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ id: event.id, provider: 'stripe', type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!fresh) return;
    const [payment] = input.paymentIntentId
      ? await tx
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.paymentIntentId, input.paymentIntentId),
              inArray(payments.status, ['completed', 'partially_refunded', 'refunded']),
            ),
          )
      : [];
    if (!payment) {
      await recordIncident(tx, ctx.log, {
        kind: 'unknown_payment',
        eventId: event.id,
        details: { type: event.type, paymentIntentId: input.paymentIntentId, yen: input.yen },
      });
      return;
    }
    // Credits in proportion to the money returned, rounded up: no credit outlives its money.
    const forYen = Math.ceil((payment.credits * input.yen) / Math.max(1, payment.amountYen));
    const target = Math.min(
      payment.credits,
      input.cumulative ? forYen : payment.refundedCredits + forYen,
    );
    const refundedYen = Math.min(
      payment.amountYen,
      input.cumulative ? input.yen : payment.refundedYen + input.yen,
    );
    if (refundedYen > payment.refundedYen)
      await tx.update(payments).set({ refundedYen }).where(eq(payments.id, payment.id));
    const due = target - payment.refundedCredits;
    if (due <= 0) return;
    const [owner] = await tx
      .select({ credits: users.credits, reserved: users.reservedCredits })
      .from(users)
      .where(eq(users.id, payment.userId));
    const taken = Math.max(0, Math.min(due, (owner?.credits ?? 0) - (owner?.reserved ?? 0)));
    if (taken > 0) {
      await spendCredits(tx, {
        userId: payment.userId,
        amount: taken,
        type: 'refund',
        description:
          input.kind === 'refund'
            ? '返金に伴うクレジットの取り消し'
            : '支払い異議に伴うクレジットの取り消し',
        reference: `${input.kind}:${event.id}`,
      });
    }
    if (due > taken) {
      await recordIncident(tx, ctx.log, {
        kind: 'refund_shortfall',
        eventId: event.id,
        userId: payment.userId,
        sessionId: payment.sessionId,
        shortfallCredits: due - taken,
        details: { type: event.type, due, taken, yen: input.yen },
      });
    }
    await tx
      .update(payments)
      .set({
        refundedCredits: target,
        status: target >= payment.credits ? 'refunded' : 'partially_refunded',
      })
      .where(eq(payments.id, payment.id));
  });
}

/** Handles one verified event; returns outbox ids to deliver. Unknown types are ignored. */
export async function handleStripeEvent(
  ctx: StripeEventContext,
  event: Stripe.Event,
): Promise<string[]> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      // Konbini and bank transfer complete the session unpaid; they are credited when
      // checkout.session.async_payment_succeeded arrives.
      if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
        return fulfil(ctx, event, session);
      return [];
    }
    case 'checkout.session.async_payment_succeeded':
      return fulfil(ctx, event, event.data.object);
    case 'checkout.session.async_payment_failed': {
      await ctx.db
        .update(payments)
        .set({ status: 'failed' })
        .where(and(eq(payments.sessionId, event.data.object.id), eq(payments.status, 'pending')));
      return [];
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      await reverse(ctx, event, {
        paymentIntentId: paymentIntentOf(charge.payment_intent),
        yen: charge.amount_refunded,
        cumulative: true,
        kind: 'refund',
      });
      return [];
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      await reverse(ctx, event, {
        paymentIntentId: paymentIntentOf(dispute.payment_intent),
        yen: dispute.amount,
        cumulative: false,
        kind: 'dispute',
      });
      return [];
    }
    default:
      return [];
  }
}
