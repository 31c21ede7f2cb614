import { customType, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

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

/**
 * `jsonb` that stores any JavaScript string: a lone surrogate (half a character, from a model's
 * answer, a document's text layer or a payload) becomes U+FFFD instead of making PostgreSQL
 * refuse the whole row ("Unicode low surrogate must follow a high surrogate"), which failed a
 * generation after its work was done. Text columns need nothing: the drivers encode them as
 * UTF-8, which already replaces a lone surrogate.
 */
export const jsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value, wellFormed),
  fromDriver: (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
});

function wellFormed(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  if (Object.keys(value).every((key) => key.isWellFormed())) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key.toWellFormed(), item as unknown]),
  );
}
