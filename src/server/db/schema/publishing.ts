import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { faqGenerations } from './generation.ts';
import { users } from './users.ts';

// Published FAQ pages (/f/{slug}), their embed, and what customers open on them (ADR 039).

export const publishedFaqs = pgTable(
  'published_faqs',
  {
    id: text('id').primaryKey(),
    /** One page per record; it goes with the record. */
    generationId: text('generation_id')
      .notNull()
      .references(() => faqGenerations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Random (96 bits), never derived from the user or the record: the address reveals no one. */
    slug: text('slug').notNull(),
    /** The page's heading and title: the business's name as the owner typed it. */
    businessName: text('business_name').notNull(),
    /** 「検索エンジンに載せない」: the page and its embed carry noindex. */
    noindex: boolean('noindex').notNull().default(false),
    /** Set by 非公開にする: the address answers 410 until published again. */
    unpublishedAt: timestamptz('unpublished_at'),
    /** Aggregate count only: no address, cookie or user agent is kept. */
    views: integer('views').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('published_faqs_slug_unique').on(table.slug),
    uniqueIndex('published_faqs_generation_unique').on(table.generationId),
    index('published_faqs_user_idx').on(table.userId),
  ],
);

/** How many times customers opened each question of a published page (counts only). */
export const publishedFaqOpens = pgTable(
  'published_faq_opens',
  {
    publishedId: text('published_id')
      .notNull()
      .references(() => publishedFaqs.id, { onDelete: 'cascade' }),
    /** The question as the page showed it: a reworded question starts its own count. */
    question: text('question').notNull(),
    opens: integer('opens').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.publishedId, table.question] })],
);
