import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One schema for PGlite and PostgreSQL. Table names are the spec's entity names in
 * snake_case (spec §3). Times are stored in UTC (timestamptz) and shown in Japan time.
 */
const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 })
    .notNull()
    .defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name'),
    avatarUrl: text('avatar_url'),
    /** The balance. Always equals the sum of this user's credit_transactions rows. */
    credits: integer('credits').notNull().default(0),
    /** Credits held for running generations; spendable = credits - reservedCredits. */
    reservedCredits: integer('reserved_credits').notNull().default(0),
    referralCode: text('referral_code'),
    aiProvider: text('ai_provider'),
    aiCustomInstructions: text('ai_custom_instructions'),
    /** Set while an operator has suspended the account (reversible): no sign-in, no refresh. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /** Set when the account was deleted: personal data is anonymised, records stay. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /** When the owner opened the confirmation link; the sign-up bonuses wait for it. */
    emailConfirmedAt: timestamp('email_confirmed_at', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }),
    /** The referral code given at sign-up, applied when the address is confirmed. */
    signupReferralCode: text('signup_referral_code'),
    /** In every access token; raised at logout and password change so older tokens stop. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_referral_code_unique').on(table.referralCode),
    check('users_credits_non_negative', sql`${table.credits} >= 0`),
    check(
      'users_reserved_within_balance',
      sql`${table.reservedCredits} >= 0 AND ${table.reservedCredits} <= ${table.credits}`,
    ),
  ],
);

/** Rotating refresh tokens, stored only as SHA-256 hashes; one family per sign-in. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date', precision: 3 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date', precision: 3 }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_unique').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
  ],
);

/** One-time links that confirm a user's e-mail address (only the SHA-256 is stored). */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('email_confirmation_tokens_hash_unique').on(table.tokenHash),
    index('email_confirmation_tokens_user_idx').on(table.userId),
  ],
);

/**
 * Sign-in hand-off codes: single-use, short-lived, bound to the SHA-256 of the state that
 * only the tab which started the sign-in knows. The code carries a new session on exchange.
 */
export const signInCodes = pgTable('sign_in_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  stateHash: text('state_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date', precision: 3 }),
  createdAt: createdAt(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date', precision: 3 }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_unique').on(table.tokenHash)],
);

/** Every e-mail the product sends is written here first; SMTP delivery updates the row. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    kind: text('kind').notNull().default('other'),
    status: text('status').notNull().default('pending'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (table) => [index('email_outbox_created_idx').on(table.createdAt)],
);

export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** signup_bonus, referral, referral_bonus, usage, purchase, credit, debit, others. */
    type: text('type').notNull(),
    /** Negative = consumption. */
    amount: integer('amount').notNull(),
    description: text('description').notNull().default(''),
    /** What caused the row (a payment, a generation); unique where replay must not double it. */
    reference: text('reference'),
    /** Operators only (an adjustment's reason); never shown to the customer. */
    internalNote: text('internal_note'),
    createdAt: createdAt(),
  },
  (table) => [
    index('credit_transactions_user_created_idx').on(table.userId, table.createdAt, table.id),
    uniqueIndex('credit_transactions_reference_unique').on(table.reference),
  ],
);

/** Credits held while a generation answers; settled (captured/released) exactly once. */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    generationId: text('generation_id'),
    amount: integer('amount').notNull(),
    captured: integer('captured').notNull().default(0),
    status: text('status').notNull().default('held'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (table) => [index('credit_reservations_status_idx').on(table.status)],
);

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
    /** unknown_user, refund_shortfall. */
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

/**
 * One row per normalised e-mail (lowercase, +alias removed) that has received the sign-up
 * bonus, kept as a SHA-256 so it survives account deletion without keeping the address: an
 * address earns the bonus (and its referrer the referral bonus) once, ever.
 */
export const emailBonusClaims = pgTable('email_bonus_claims', {
  emailHash: text('email_hash').primaryKey(),
  createdAt: createdAt(),
});

export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

export const referrals = pgTable(
  'referrals',
  {
    id: text('id').primaryKey(),
    referralCode: text('referral_code').notNull(),
    referrerUserId: text('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    referredUserId: text('referred_user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** pending, completed, rewarded. */
    status: text('status').notNull().default('pending'),
    signupBonusGiven: integer('signup_bonus_given').notNull().default(0),
    purchaseBonusGiven: integer('purchase_bonus_given').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('referrals_referrer_idx').on(table.referrerUserId),
    index('referrals_code_idx').on(table.referralCode),
    // A user can be referred only once.
    uniqueIndex('referrals_referred_unique').on(table.referredUserId),
  ],
);

export const faqGenerations = pgTable(
  'faq_generations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    method: text('method').notNull(),
    /** generating, completed, failed (spec §3). */
    status: text('status').notNull().default('generating'),
    /** fetching, questions_ready, answering, completed, failed. */
    stage: text('stage').notNull().default('fetching'),
    progress: integer('progress').notNull().default(0),
    message: text('message').notNull().default(''),
    /** JSON text, as in the spec. */
    inputData: text('input_data').notNull().default('{}'),
    questions: text('questions').notNull().default('[]'),
    answers: text('answers').notNull().default('[]'),
    /** Full FAQ items (expert answers, integrated answer, source URL). */
    items: jsonb('items').notNull().default([]),
    sources: jsonb('sources').notNull().default([]),
    crawlReport: jsonb('crawl_report'),
    tokenUsage: jsonb('token_usage'),
    engine: text('engine'),
    error: text('error'),
    creditsUsed: integer('credits_used').notNull().default(0),
    /** Set by a cancel request; the job (in whichever process runs it) checks it between steps. */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    index('faq_generations_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('faq_generations_stage_updated_idx').on(table.stage, table.updatedAt),
  ],
);

/**
 * Idempotency-Key headers already honoured, per user: a retried request (any server process)
 * gets the stored answer instead of running again. Removed after a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the key was used for (method and path); the same key elsewhere is refused. */
    scope: text('scope').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull().default(''),
    fullName: text('full_name').notNull().default(''),
    role: text('role').notNull().default('admin'),
    /** '1' = active, as the spec stores it. */
    isActive: text('is_active').notNull().default('1'),
    passwordHash: text('password_hash').notNull(),
    /** True while the seeded admin still has the default password (docs/product-decisions.md §1). */
    usesDefaultPassword: integer('uses_default_password').notNull().default(0),
    /** Admin tokens issued before this are refused (a password change ends other sessions)… */
    sessionsValidAfter: timestamp('sessions_valid_after', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }),
    /** …except the session that changed the password (its token's sid claim). */
    keptSessionId: text('kept_session_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('admin_users_username_unique').on(table.username)],
);

export const adminActionLogs = pgTable(
  'admin_action_logs',
  {
    id: text('id').primaryKey(),
    adminUserId: text('admin_user_id').notNull(),
    action: text('action').notNull(),
    /** JSON text. */
    details: text('details').notNull().default('{}'),
    createdAt: createdAt(),
  },
  (table) => [index('admin_action_logs_created_idx').on(table.createdAt)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    projectId: text('project_id').notNull(),
    userId: text('user_id'),
    userEmail: text('user_email'),
    sessionId: text('session_id'),
    pathname: text('pathname'),
    referrer: text('referrer'),
    screenWidth: integer('screen_width'),
    channel: text('channel'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmTerm: text('utm_term'),
    createdAt: createdAt(),
  },
  (table) => [index('analytics_events_timestamp_idx').on(table.timestamp)],
);

/** Fixed-window counters for rate limits, shared by every server process. */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** Realtime history (spec §7 GET /messages): every published message, newest read first. */
export const realtimeMessages = pgTable(
  'realtime_messages',
  {
    id: text('id').primaryKey(),
    channel: text('channel').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload'),
    userId: text('user_id'),
    createdAt: createdAt(),
  },
  (table) => [index('realtime_messages_channel_created_idx').on(table.channel, table.createdAt)],
);

/**
 * Who is connected to which channel, across server processes. A row lives while its socket
 * does; rows of a crashed process go stale and are ignored once lastSeen is old.
 */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    connectionId: text('connection_id').notNull(),
    channel: text('channel').notNull(),
    userId: text('user_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.channel] }),
    index('realtime_presence_channel_idx').on(table.channel, table.lastSeen),
  ],
);
