import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, jsonb } from './columns.ts';
import { users } from './users.ts';

// Generations and the idempotency keys of their answer runs.

export const faqGenerations = pgTable(
  'faq_generations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    method: text('method').notNull(),
    /** generating, completed, failed (docs/spec.md §3); cancelled: its owner's stop (ADR 032). */
    status: text('status').notNull().default('generating'),
    /** fetching, questions_ready, answering, completed, failed. */
    stage: text('stage').notNull().default('fetching'),
    progress: integer('progress').notNull().default(0),
    message: text('message').notNull().default(''),
    /** JSON text, as in the spec. */
    inputData: text('input_data').notNull().default('{}'),
    questions: text('questions').notNull().default('[]'),
    answers: text('answers').notNull().default('[]'),
    /** Full FAQ items (expert answers, integrated answer, source URL). */
    items: jsonb('items').notNull().default([]),
    sources: jsonb('sources').notNull().default([]),
    /**
     * Questions customers commonly ask that the content used (URL/text mode) gives no answer to:
     * [{id, question, answeredItemIndex?}]; the owner may answer each once, adding an FAQ item.
     */
    unansweredIntents: jsonb('unanswered_intents').notNull().default([]),
    crawlReport: jsonb('crawl_report'),
    tokenUsage: jsonb('token_usage'),
    engine: text('engine'),
    error: text('error'),
    creditsUsed: integer('credits_used').notNull().default(0),
    /** Set by a cancel request; the job (in whichever process runs it) checks it between steps. */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** The server address a URL record crawls (generation-limits.ts counts crawls per site). */
    crawlHost: text('crawl_host'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    index('faq_generations_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('faq_generations_stage_updated_idx').on(table.stage, table.updatedAt),
  ],
);

/**
 * Idempotency-Key headers already honoured, per user: a retried request (any server process)
 * gets the stored answer instead of running again. Removed after a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the key was used for (method and path); the same key elsewhere is refused. */
    scope: text('scope').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
