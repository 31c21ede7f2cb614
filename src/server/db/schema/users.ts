import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, oneTimeTokenColumns, timestamptz } from './columns.ts';

// Accounts: users and the one-time tokens that sign them in, confirm and reset.

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
    suspendedAt: timestamptz('suspended_at'),
    /** Set when the account was deleted: personal data is anonymised, records stay. */
    deletedAt: timestamptz('deleted_at'),
    /** When the owner opened the confirmation link; the sign-up bonuses wait for it. */
    emailConfirmedAt: timestamptz('email_confirmed_at'),
    /** The referral code given at sign-up, applied when the address is confirmed. */
    signupReferralCode: text('signup_referral_code'),
    /** In every access token; raised at logout and password change so older tokens stop. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Made by a sign-up for an address that already has an account: usable like any new,
     * unconfirmed account by whoever signed up (so the answer and every later request look the
     * same as for a new address), but never confirmed, never found by sign-in or password
     * reset, and not the address's owner. Its e-mail is not unique.
     */
    shadow: boolean('shadow').notNull().default(false),
    /**
     * The Stripe Customer made for this account's first checkout that needed one (bank
     * transfers pay into a customer's own virtual account, so it is kept and reused).
     */
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique')
      .on(table.email)
      .where(sql`"shadow" = false`),
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
    ...oneTimeTokenColumns(() => users.id),
    familyId: text('family_id').notNull(),
    rotatedAt: timestamptz('rotated_at'),
    revokedAt: timestamptz('revoked_at'),
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
    ...oneTimeTokenColumns(() => users.id),
  },
  (table) => [
    uniqueIndex('email_confirmation_tokens_hash_unique').on(table.tokenHash),
    index('email_confirmation_tokens_user_idx').on(table.userId),
  ],
);

/**
 * A requested change of a user's address: the link goes to the new address and works once,
 * before it expires, for the account that asked. Only the link's SHA-256 is stored.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    ...oneTimeTokenColumns(() => users.id),
    newEmail: text('new_email').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [
    uniqueIndex('email_change_requests_hash_unique').on(table.tokenHash),
    index('email_change_requests_user_idx').on(table.userId),
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
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: createdAt(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    ...oneTimeTokenColumns(() => users.id),
    usedAt: timestamptz('used_at'),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_unique').on(table.tokenHash)],
);

/**
 * One row per mailbox (canonicalMailbox: lowercase, +alias removed, Gmail dots and
 * googlemail.com folded; ADR 023) that has received the sign-up bonus, kept as a SHA-256 so it survives account deletion without keeping the address: an
 * address earns the bonus (and its referrer the referral bonus) once, ever.
 */
export const emailBonusClaims = pgTable('email_bonus_claims', {
  emailHash: text('email_hash').primaryKey(),
  createdAt: createdAt(),
});
