import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CreateGenerationRequest, FaqItem, Generation } from '../../../shared/generations.ts';
import type { AnswerLength } from '../../../shared/limits.ts';
import type { Database } from '../../db/client.ts';
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function update(
  db: Database,
  id: string,
  values: Partial<typeof faqGenerations.$inferInsert>,
) {
  await db
    .update(faqGenerations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(faqGenerations.id, id));
}

export async function getOwnGeneration(db: Database, userId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(faqGenerations)
    .where(and(eq(faqGenerations.id, id), eq(faqGenerations.userId, userId)));
  if (!row) throw notFound('履歴が見つかりません');
  return row;
}
