import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Opaque keyset cursors: base64url of `<ISO time>|<id>`. */
export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

// Only what encodeCursor writes: anything else (a year PostgreSQL cannot hold, a NUL byte in
// the id) would otherwise reach the query and fail there as a 500.
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CURSOR_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const separator = decoded.indexOf('|');
  if (separator < 0) return null;
  const time = decoded.slice(0, separator);
  const id = decoded.slice(separator + 1);
  if (!CURSOR_TIME.test(time) || !CURSOR_ID.test(id)) return null;
  const createdAt = new Date(time);
  const year = createdAt.getUTCFullYear();
  if (Number.isNaN(year) || year < 1970 || year > 9999) return null;
  return { createdAt, id };
}

/** Rows strictly after the cursor in newest-first order (created_at desc, id desc). */
export function olderThanCursor(
  createdAt: PgColumn,
  id: PgColumn,
  cursor: { createdAt: Date; id: string } | null,
): SQL | undefined {
  if (!cursor) return undefined;
  return or(
    lt(createdAt, cursor.createdAt),
    and(eq(createdAt, cursor.createdAt), lt(id, cursor.id)),
  );
}
