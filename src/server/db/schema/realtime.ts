import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Realtime history and presence.

/** Realtime history (docs/spec.md §7 GET /messages): every published message, newest read first. */
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
