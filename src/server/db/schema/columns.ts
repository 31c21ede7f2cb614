import { text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Times are stored in UTC (timestamptz, milliseconds) and shown in Japan time. */
export const timestamptz = (name: string) =>
  timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/**
 * What every one-time token row holds: its owner (the row goes with the account), only the
 * token's SHA-256, and when it stops working.
 */
export const oneTimeTokenColumns = (owner: () => AnyPgColumn) => ({
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(owner, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: createdAt(),
});
