import { timestamp } from 'drizzle-orm/pg-core';

/** Times are stored in UTC (timestamptz, milliseconds) and shown in Japan time. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 })
    .notNull()
    .defaultNow();
