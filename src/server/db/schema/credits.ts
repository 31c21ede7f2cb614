import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

// Credits: the ledger and the reservations held while a generation answers.

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
