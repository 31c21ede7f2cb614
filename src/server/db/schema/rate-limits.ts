import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Rate-limit counters.

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
