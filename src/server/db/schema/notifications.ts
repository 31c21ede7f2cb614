import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Mail: the outbox every e-mail passes through.

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
