import { eq } from 'drizzle-orm';
import {
  readUnansweredIntents,
  type FaqItem,
  type UnansweredAdded,
} from '../../../shared/generations.ts';
import type { Database } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { lockOwnGeneration } from './generation.record.ts';

export const UNANSWERED_NOT_FOUND = 'この質問は見つかりません';
export const UNANSWERED_ALREADY_ADDED = 'この質問はすでにFAQに追加されています';
export const UNANSWERED_NOT_READY = 'FAQの作成が完了してから追加できます';

/**
 * The owner answers a question the page left unanswered: it becomes an approved FAQ item of the
 * record (written by the owner, so no credits: nothing was generated) and the question is marked
 * answered. Like an answer edit, the row is locked while it is rewritten, so a concurrent edit,
 * regeneration or second click cannot lose an item or add the same question twice.
 */
export async function answerUnanswered(
  db: Database,
  userId: string,
  id: string,
  intentId: string,
  input: { answer: string; question?: string },
): Promise<UnansweredAdded> {
  return db.transaction(async (tx) => {
    const row = await lockOwnGeneration(tx, userId, id);
    const intents = row.method === 'category' ? [] : readUnansweredIntents(row.unansweredIntents);
    const intent = intents.find((entry) => entry.id === intentId);
    if (!intent) throw notFound(UNANSWERED_NOT_FOUND);
    if (intent.answeredItemIndex !== undefined) throw new HttpError(409, UNANSWERED_ALREADY_ADDED);
    if (row.stage !== 'completed') throw new HttpError(409, UNANSWERED_NOT_READY);
    const items = Array.isArray(row.items) ? (row.items as FaqItem[]) : [];
    const item: FaqItem = {
      question: input.question ?? intent.question,
      answer: input.answer,
      answerSource: 'owner',
      approved: true,
    };
    const next = [...items, item];
    const index = next.length - 1;
    const nextIntents = intents.map((entry) =>
      entry.id === intentId ? { ...entry, answeredItemIndex: index } : entry,
    );
    await tx
      .update(faqGenerations)
      .set({
        items: next,
        answers: JSON.stringify(next.map((entry) => entry.answer)),
        unansweredIntents: nextIntents,
        updatedAt: new Date(),
      })
      .where(eq(faqGenerations.id, id));
    return { item, index, unansweredIntents: nextIntents };
  });
}
