import {
  readFaqItems,
  type Generation,
  type GenerationList,
  type GenerationSummary,
} from '../../../shared/generations.ts';
import { HISTORY_PAGE_SIZE } from '../../../shared/limits.ts';
import type { DbOrTx } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { releaseGenerationReservations } from '../credits/ledger.ts';
import {
  GENERATION_ID,
  GENERATION_NOT_FOUND,
  getOwnGeneration,
  toGeneration,
} from './generation.record.ts';
import {
  countEmptyFailures,
  deleteOwnGeneration,
  listOwnGenerations,
  renameOwnGeneration,
  type GenerationRow,
  type HistoryFilters,
} from './history.repository.ts';
import { abortWork } from './running-work.ts';
import { announceDeletion } from './generation-events.ts';

export const HISTORY_NOT_FOUND = GENERATION_NOT_FOUND;

/**
 * Stored items are read leniently: one malformed record must not turn the whole history into
 * a 500 when the response schema is enforced.
 */
function toRecord(row: GenerationRow): Generation {
  return { ...toGeneration(row), items: readFaqItems(row.items) };
}

function toSummary(row: GenerationRow): GenerationSummary {
  const record = toRecord(row);
  return {
    id: record.id,
    title: record.title,
    method: record.method,
    status: record.status,
    stage: record.stage,
    inputData: record.inputData,
    questions: record.questions,
    answers: record.answers,
    items: record.items,
    creditsUsed: record.creditsUsed,
    createdAt: record.createdAt,
  };
}

export async function listHistory(
  db: DbOrTx,
  userId: string,
  cursorText: string | undefined,
  filters: HistoryFilters = {},
): Promise<GenerationList> {
  const cursor = cursorText ? decodeCursor(cursorText) : null;
  if (cursorText && !cursor) throw badRequest('ページの指定が正しくありません');
  const [rows, emptyFailures] = await Promise.all([
    listOwnGenerations(db, userId, cursor, HISTORY_PAGE_SIZE + 1, filters),
    countEmptyFailures(db, userId, filters),
  ]);
  const page = rows.slice(0, HISTORY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    generations: page.map(toSummary),
    nextCursor:
      rows.length > HISTORY_PAGE_SIZE && last ? encodeCursor(last.createdAt, last.id) : null,
    emptyFailures,
  };
}

/** Renames the owner's record; another user's answers as a missing one (404). */
export async function renameHistoryRecord(
  db: DbOrTx,
  userId: string,
  id: string,
  title: string,
): Promise<Generation> {
  if (!GENERATION_ID.test(id) || !(await renameOwnGeneration(db, userId, id, title)))
    throw notFound(HISTORY_NOT_FOUND);
  return getHistoryRecord(db, userId, id);
}

/** Another user's record answers exactly like a missing one, so ids cannot be probed. */
export async function getHistoryRecord(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<Generation> {
  return toRecord(await getOwnGeneration(db, userId, id));
}

/**
 * Deleting a record ends its work: in the same transaction its held credits are released, so
 * work still running can charge nothing for it (its last write needs the record, see
 * keepAnswers), and this process's model calls for it are aborted at once.
 */
export async function deleteHistoryRecord(db: DbOrTx, userId: string, id: string): Promise<void> {
  const deleted =
    GENERATION_ID.test(id) &&
    (await db.transaction(async (tx) => {
      if (!(await deleteOwnGeneration(tx, userId, id))) return false;
      await releaseGenerationReservations(tx, id);
      // Its work in another process stops when this commits.
      await announceDeletion(tx, id);
      return true;
    }));
  if (!deleted) throw notFound(HISTORY_NOT_FOUND);
  abortWork(id);
}
