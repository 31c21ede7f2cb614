import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Page views and events.

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
