import { and, count, desc, eq, ilike, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { GenerationListQuery } from '../../../shared/generations.ts';
import type { DbOrTx } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';
import { olderThanCursor } from '../../lib/cursor.ts';

export type GenerationRow = typeof faqGenerations.$inferSelect;

export type HistoryFilters = Pick<GenerationListQuery, 'q' | 'status' | 'method' | 'emptyFailures'>;

/** `%`, `_` and `\` typed by the user are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * An attempt that ended (failed or cancelled) with nothing made: no question, no FAQ. The
 * history keeps these out of the way (a mistyped URL leaves one).
 */
const emptyFailure = and(
  inArray(faqGenerations.status, ['failed', 'cancelled']),
  eq(faqGenerations.questions, '[]'),
  sql`jsonb_array_length(${faqGenerations.items}) = 0`,
)!;

/** The text of input_data's url: empty for a text job (URL mode without a URL). */
const inputUrl = sql`coalesce(nullif(${faqGenerations.inputData}, '')::jsonb ->> 'url', '')`;

function statusCondition(status: HistoryFilters['status']): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'draft':
      return and(
        eq(faqGenerations.stage, 'questions_ready'),
        not(inArray(faqGenerations.status, ['completed', 'failed', 'cancelled'])),
      );
    case 'generating':
      return and(
        eq(faqGenerations.status, 'generating'),
        not(eq(faqGenerations.stage, 'questions_ready')),
      );
    default:
      return eq(faqGenerations.status, status);
  }
}

function methodCondition(method: HistoryFilters['method']): SQL | undefined {
  if (method === 'category') return eq(faqGenerations.method, 'category');
  if (method === 'url') return and(eq(faqGenerations.method, 'url'), sql`${inputUrl} <> ''`);
  if (method === 'text') return and(eq(faqGenerations.method, 'url'), sql`${inputUrl} = ''`);
  return undefined;
}

/** The owner's records the search and the status and method filters match. */
function matching(userId: string, filters: HistoryFilters): SQL {
  return and(
    eq(faqGenerations.userId, userId),
    filters.q ? ilike(faqGenerations.title, likePattern(filters.q)) : undefined,
    statusCondition(filters.status),
    methodCondition(filters.method),
  )!;
}

/** Newest first, strictly after the keyset cursor; one extra row tells whether more exist. */
export async function listOwnGenerations(
  db: DbOrTx,
  userId: string,
  cursor: { createdAt: Date; id: string } | null,
  limit: number,
  filters: HistoryFilters = {},
): Promise<GenerationRow[]> {
  const empties =
    filters.emptyFailures === 'hide'
      ? not(emptyFailure)
      : filters.emptyFailures === 'only'
        ? emptyFailure
        : undefined;
  return db
    .select()
    .from(faqGenerations)
    .where(
      and(
        matching(userId, filters),
        empties,
        olderThanCursor(faqGenerations.createdAt, faqGenerations.id, cursor),
      ),
    )
    .orderBy(desc(faqGenerations.createdAt), desc(faqGenerations.id))
    .limit(limit);
}

/** How many attempts that produced nothing the same search and filters match. */
export async function countEmptyFailures(
  db: DbOrTx,
  userId: string,
  filters: HistoryFilters,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(faqGenerations)
    .where(and(matching(userId, filters), emptyFailure));
  return row?.value ?? 0;
}

/** Renames the owner's record; false when it is not theirs or does not exist. */
export async function renameOwnGeneration(
  db: DbOrTx,
  userId: string,
  id: string,
  title: string,
): Promise<boolean> {
  const renamed = await db
    .update(faqGenerations)
    // updated_at is left alone: it says when the record's content last changed.
    .set({ title })
    .where(and(eq(faqGenerations.id, id), eq(faqGenerations.userId, userId)))
    .returning({ id: faqGenerations.id });
  return renamed.length > 0;
}

/** One statement, so "own only" and the delete cannot drift apart. */
export async function deleteOwnGeneration(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(faqGenerations)
    .where(and(eq(faqGenerations.id, id), eq(faqGenerations.userId, userId)))
    .returning({ id: faqGenerations.id });
  return deleted.length > 0;
}
