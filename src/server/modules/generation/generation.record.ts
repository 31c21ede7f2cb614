import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  readUnansweredIntents,
  type CreateGenerationRequest,
  type FaqItem,
  type Generation,
  type RunningGeneration,
} from '../../../shared/generations.ts';
import type { AnswerLength } from '../../../shared/limits.ts';
import type { Database, DbOrTx, Transaction } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import type { CategoryInput } from '../ai/category-ai.ts';
import type { ContentPage, QuestionEvidence } from '../ai/offline-engine.ts';

/** The stored generation record: its id, JSON columns and the API shape. */
export type Row = typeof faqGenerations.$inferSelect;

export interface StoredSources {
  pages: ContentPage[];
  questionSources: (string | null)[];
  /** The passage each question was made from (offline engine), parallel to the questions. */
  questionEvidence?: (QuestionEvidence | null)[];
  category?: CategoryInput;
  answerLength: AnswerLength;
  ai: CreateGenerationRequest['ai'];
}

export function newGenerationId(): string {
  return `faq_${Date.now()}_${randomBytes(4).toString('hex')}`;
}

export const parseList = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

export function toGeneration(row: Row): Generation {
  let inputData: Record<string, unknown> = {};
  try {
    inputData = JSON.parse(row.inputData) as Record<string, unknown>;
  } catch {
    inputData = {};
  }
  const sources = row.sources as Partial<StoredSources> | null;
  return {
    id: row.id,
    title: row.title,
    method: row.method === 'category' ? 'category' : 'url',
    status: row.status,
    stage: row.stage as Generation['stage'],
    progress: row.progress,
    message: row.message,
    inputData,
    questions: parseList(row.questions),
    questionSources: sources?.questionSources ?? [],
    answers: parseList(row.answers),
    items: (row.items as FaqItem[]) ?? [],
    creditsUsed: row.creditsUsed,
    engine: row.engine,
    error: row.error,
    crawlReport: (row.crawlReport as Generation['crawlReport']) ?? null,
    cancelRequested: row.cancelRequested,
    unansweredIntents:
      row.method === 'category' ? [] : readUnansweredIntents(row.unansweredIntents),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type RecordValues = Partial<typeof faqGenerations.$inferInsert>;

/**
 * Writes of one record are chained in the order they were issued, so a progress write issued
 * before `completed` can never land after it (a pool would otherwise run them in parallel).
 */
const pendingWrites = new Map<string, Promise<void>>();

function enqueue(id: string, write: () => Promise<unknown>): Promise<void> {
  const previous = pendingWrites.get(id) ?? Promise.resolve();
  const next = previous.then(
    async () => void (await write()),
    async () => void (await write()),
  );
  pendingWrites.set(id, next);
  const forget = () => {
    if (pendingWrites.get(id) === next) pendingWrites.delete(id);
  };
  next.then(forget, forget);
  return next;
}

export function update(db: Database, id: string, values: RecordValues): Promise<void> {
  return enqueue(id, () =>
    db
      .update(faqGenerations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(faqGenerations.id, id)),
  );
}

/**
 * A progress step of a running phase: applied only while the record is still in that stage, so
 * a late step can never move a finished (or cancelled) record backwards, in any process.
 */
export function updateProgress(
  db: Database,
  id: string,
  stage: 'fetching' | 'answering',
  values: Pick<RecordValues, 'progress' | 'message' | 'title' | 'crawlReport' | 'items'>,
): Promise<void> {
  return enqueue(id, () =>
    db
      .update(faqGenerations)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(faqGenerations.id, id), eq(faqGenerations.stage, stage))),
  );
}

/** Record ids as we issue them; anything else answers 404 like an unknown id. */
export const GENERATION_ID = /^faq_[A-Za-z0-9_-]{1,100}$/;
export const GENERATION_NOT_FOUND = '履歴が見つかりません';

/** The one "own record" query; another user's record answers exactly like a missing one. */
export async function getOwnGeneration(db: DbOrTx, userId: string, id: string): Promise<Row> {
  const [row] = GENERATION_ID.test(id)
    ? await db
        .select()
        .from(faqGenerations)
        .where(and(eq(faqGenerations.id, id), eq(faqGenerations.userId, userId)))
    : [];
  if (!row) throw notFound(GENERATION_NOT_FOUND);
  return row;
}

/**
 * Whether a running job should stop (read fresh: another process may have asked): a cancel was
 * requested, or the record was deleted, in which case its work is wanted by no one.
 */
export async function isCancelRequested(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ cancel: faqGenerations.cancelRequested, stage: faqGenerations.stage })
    .from(faqGenerations)
    .where(eq(faqGenerations.id, id));
  if (!row) return true;
  return RUNNING_STAGES.includes(row.stage) && row.cancel;
}

const RUNNING_STAGES: readonly string[] = ['fetching', 'answering'];

export async function recordExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: faqGenerations.id })
    .from(faqGenerations)
    .where(eq(faqGenerations.id, id));
  return Boolean(row);
}

/**
 * Runs `write` after the record's queued writes, so a job's last write (the one that settles
 * its credits) is ordered after its progress writes like every other write of the record.
 */
export function afterQueuedWrites<T>(id: string, write: () => Promise<T>): Promise<T> {
  let result: T;
  return enqueue(id, async () => {
    result = await write();
  }).then(() => result);
}

/**
 * The user's own record, locked until the transaction ends: an edit, an added answer or a
 * regeneration of another item waits for this one instead of being overwritten by it.
 */
export async function lockOwnGeneration(tx: Transaction, userId: string, id: string) {
  if (!GENERATION_ID.test(id)) throw notFound(GENERATION_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(faqGenerations)
    .where(and(eq(faqGenerations.id, id), eq(faqGenerations.userId, userId)))
    .for('update');
  if (!row) throw notFound(GENERATION_NOT_FOUND);
  return row;
}

/** The user's jobs working now, newest first (question phases are capped at two at once). */
export async function listRunningGenerations(
  db: DbOrTx,
  userId: string,
): Promise<RunningGeneration[]> {
  const rows = await db
    .select()
    .from(faqGenerations)
    .where(
      and(
        eq(faqGenerations.userId, userId),
        eq(faqGenerations.status, 'generating'),
        inArray(faqGenerations.stage, [...RUNNING_STAGES]),
      ),
    )
    .orderBy(desc(faqGenerations.createdAt))
    .limit(20);
  return rows.map((row) => {
    const { id, title, method, stage, progress, message, inputData, createdAt } = toGeneration(row);
    return { id, title, method, stage, progress, message, inputData, createdAt };
  });
}
