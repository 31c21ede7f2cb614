import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, jsonb } from './columns.ts';
import { users } from './users.ts';

// Payments: purchases, receipts' 宛名, incidents and processed webhook events.

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    /** The provider's checkout session id: crediting is keyed on it, so replays grant once. */
    sessionId: text('session_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planId: text('plan_id').notNull(),
    credits: integer('credits').notNull(),
    amountYen: integer('amount_yen').notNull(),
    /** pending, completed, failed, refunded (wholly), partially_refunded. */
    status: text('status').notNull().default('pending'),
    /** Stripe's PaymentIntent, which refunds and disputes name. */
    paymentIntentId: text('payment_intent_id'),
    /** Credits already accounted for by refunds and disputes (taken back or recorded short). */
    refundedCredits: integer('refunded_credits').notNull().default(0),
    /** Yen returned by refunds and disputes, for the sales figures. */
    refundedYen: integer('refunded_yen').notNull().default(0),
    /**
     * Of refunded_credits, those actually taken from the buyer's balance (the rest was a
     * recorded shortfall): a dispute won gives back only what was taken (ADR 024).
     */
    takenCredits: integer('taken_credits').notNull().default(0),
    /** The hosted checkout page, handed out again while the session is open (ADR 024). */
    checkoutUrl: text('checkout_url'),
    checkoutExpiresAt: timestamp('checkout_expires_at', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }),
    /** The receipt's first issue: its date and 宛名 stay as printed then. */
    receiptIssuedAt: timestamp('receipt_issued_at', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }),
    receiptName: text('receipt_name'),
    /** When the customer was shown the purchase confirmation after returning from checkout. */
    returnNotifiedAt: timestamp('return_notified_at', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (table) => [
    uniqueIndex('payments_session_unique').on(table.sessionId),
    index('payments_user_idx').on(table.userId),
    index('payments_payment_intent_idx').on(table.paymentIntentId),
  ],
);

/** The 宛名 printed on receipts (a person's or a company's name), set by the user. */
export const billingProfiles = pgTable('billing_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 })
    .notNull()
    .defaultNow(),
});

/**
 * Payment events an operator must look at: a webhook naming an unknown user, a refund or
 * dispute larger than the remaining balance (the shortfall). Stripe is answered 2xx for them.
 */
export const paymentIncidents = pgTable(
  'payment_incidents',
  {
    id: text('id').primaryKey(),
    /** unknown_user, refund_shortfall, amount_mismatch, referral_bonus_shortfall. */
    kind: text('kind').notNull(),
    provider: text('provider').notNull(),
    /** The Stripe event id; one incident per event and kind. */
    eventId: text('event_id').notNull(),
    userId: text('user_id'),
    sessionId: text('session_id'),
    /** Credits that could not be taken back (refund_shortfall). */
    shortfallCredits: integer('shortfall_credits').notNull().default(0),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('payment_incidents_event_kind_unique').on(table.eventId, table.kind),
    index('payment_incidents_created_idx').on(table.createdAt),
  ],
);

export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/**
 * Refunds and disputes as Stripe last described them, one row per charge refund or dispute,
 * kept whether or not the payment they name has arrived yet: the payment's figures are
 * recomputed from them whenever either side changes, so events may come in any order (ADR 024).
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    /** refund:<charge id> or dispute:<dispute id>. */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    /** refund, dispute. */
    kind: text('kind').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    /** A charge's cumulative amount_refunded (the largest seen), or the disputed amount. */
    amountYen: integer('amount_yen').notNull(),
    /** refunded; or a dispute's open, won, lost. */
    status: text('status').notNull(),
    lastEventId: text('last_event_id').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (table) => [index('payment_reversals_payment_intent_idx').on(table.paymentIntentId)],
);
