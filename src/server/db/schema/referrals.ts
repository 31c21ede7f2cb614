import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// Referrals.

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
    /** The payment that earned the first-purchase bonus: its full refund takes the bonus back. */
    purchasePaymentId: text('purchase_payment_id'),
    /** Set while the first-purchase bonus stands taken back (ADR 024). */
    purchaseBonusRevokedAt: timestamp('purchase_bonus_revoked_at', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }),
    /** What the revocation actually took from the referrer (the rest was a shortfall). */
    purchaseBonusTaken: integer('purchase_bonus_taken').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('referrals_referrer_idx').on(table.referrerUserId),
    index('referrals_code_idx').on(table.referralCode),
    // A user can be referred only once.
    uniqueIndex('referrals_referred_unique').on(table.referredUserId),
  ],
);
