import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
  },
  (table) => [
    index('referrals_referrer_idx').on(table.referrerUserId),
    index('referrals_code_idx').on(table.referralCode),
    // A user can be referred only once.
    uniqueIndex('referrals_referred_unique').on(table.referredUserId),
  ],
);
