import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditTransactions, faqGenerations } from '../../db/schema.ts';

/**
 * The two figures a customer sees of their own use, defined once so the administrator's user
 * list (FAQ数, 使用量) means what the customer's pages mean under the same words:
 *
 * - FAQ数 (生成したFAQ on /account): FAQs actually delivered. Generation charges one credit
 *   per answer it delivers and records that in the record's creditsUsed, so the sum over the
 *   user's records counts delivered FAQs, steady while a record regenerates; a draft that
 *   never got answers counts nothing.
 * - 使用量 (the 「FAQ生成」 rows of 利用履歴 on /credits): credits taken by generation. An
 *   administrator's 減算 is an adjustment, shown as such, not the customer's use.
 */
const deliveredFaqs = sql<number>`coalesce(sum(${faqGenerations.creditsUsed}), 0)::int`;
const creditsUsed = sql<number>`coalesce(sum(-${creditTransactions.amount}), 0)::int`;
const isGenerationUse = eq(creditTransactions.type, 'usage');

/** One user's figures (the customer's own pages). */
export async function usageFiguresOf(
  db: DbOrTx,
  userId: string,
): Promise<{ faqCount: number; creditsUsed: number }> {
  const [faqs] = await db
    .select({ faqCount: deliveredFaqs })
    .from(faqGenerations)
    .where(eq(faqGenerations.userId, userId));
  const [used] = await db
    .select({ creditsUsed })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), isGenerationUse));
  return { faqCount: Number(faqs?.faqCount ?? 0), creditsUsed: Number(used?.creditsUsed ?? 0) };
}

/** The same figures for every user, as subqueries to join on the user id (admin lists). */
export function usageFiguresByUser(db: DbOrTx) {
  const faqs = db
    .select({ userId: faqGenerations.userId, faqCount: deliveredFaqs.as('faq_count') })
    .from(faqGenerations)
    .groupBy(faqGenerations.userId)
    .as('user_faqs');
  const usage = db
    .select({ userId: creditTransactions.userId, creditsUsed: creditsUsed.as('credits_used') })
    .from(creditTransactions)
    .where(isGenerationUse)
    .groupBy(creditTransactions.userId)
    .as('user_usage');
  return { faqs, usage };
}
