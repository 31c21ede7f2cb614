import { and, eq } from 'drizzle-orm';
import type { FaqItem, RegeneratedItem } from '../../../shared/generations.ts';
import { faqGenerations } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { reserveCredits, settleReservation } from '../credits/ledger.ts';
import { generateAnswersFromContent, sameAnswer } from '../ai/faq-ai.ts';
import { requireConfirmedAddress } from '../ai/model-access.ts';
import { contentItem } from './answer-items.ts';
import { answerCategory, approvedDrafts, expertsNeedModel, keepAnswers } from './answer-phase.ts';
import { GENERATION_NOT_FOUND, getOwnGeneration, type StoredSources } from './generation.record.ts';
import { watchWork } from './running-work.ts';
import { aiRun, type GenerationContext } from './generation.service.ts';

export const REGENERATION_BUSY = '回答を生成中です。完了までお待ちください';
export const OWNER_ANSWER_NOT_REGENERABLE =
  'ご自身で追加したFAQの回答は再生成できません。回答欄で直接編集してください';

/**
 * Regenerates one answer of a finished generation. Work on one generation is serialised: the
 * record is claimed (stage 'answering', status still 'completed') together with the one-credit
 * reservation, so a second regeneration or an answer run cannot start until this one ends.
 * Only a new answer is charged: a failure, or the same text again, costs nothing.
 */
export async function regenerateAnswer(
  ctx: GenerationContext,
  userId: string,
  id: string,
  index: number,
): Promise<RegeneratedItem> {
  const row = await getOwnGeneration(ctx.db, userId, id);
  const sources = row.sources as StoredSources | null;
  const items = (row.items as FaqItem[]) ?? [];
  const current = items[index];
  if (row.stage === 'answering') throw new HttpError(409, REGENERATION_BUSY);
  // The page had no answer to it (that is why the owner wrote one): nothing to generate from.
  if (current?.answerSource === 'owner') throw new HttpError(409, OWNER_ANSWER_NOT_REGENERABLE);
  if (!sources || row.stage !== 'completed' || !current)
    throw new HttpError(409, 'この回答は再生成できません');
  const run = aiRun(ctx.config, sources.ai);
  if (sources.category && run.engine.kind === 'offline') throw expertsNeedModel();
  if (run.engine.kind === 'model') await requireConfirmedAddress(ctx.db, userId);
  const reservationId = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(faqGenerations)
      .set({
        stage: 'answering',
        message: '回答を再生成中...',
        runner: ctx.runner ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(faqGenerations.id, id), eq(faqGenerations.stage, 'completed')))
      .returning({ id: faqGenerations.id });
    if (!claimed) return null;
    return (await reserveCredits(tx, { userId, amount: 1, generationId: id })).id;
  });
  if (!reservationId) throw new HttpError(409, REGENERATION_BUSY);
  // Read again under the claim: an edit saved just before it is kept.
  const claimed = await getOwnGeneration(ctx.db, userId, id);
  const claimedItems = (claimed.items as FaqItem[]) ?? items;
  const work = watchWork(ctx.db, id);
  run.signal = work.signal;

  let kept = false;
  try {
    let item: FaqItem;
    if (sources.category) {
      item = (
        await answerCategory(
          ctx,
          id,
          run,
          sources.category,
          [current.question],
          sources.answerLength,
        )
      )[0]!;
    } else {
      const [result] = await generateAnswersFromContent(
        run,
        approvedDrafts(row, sources, [current.question]),
        sources.pages,
        sources.answerLength,
      );
      item = contentItem(run, current.question, result!);
    }
    const unchanged = !item.failed && sameAnswer(item.answer, current.answer);
    const produced = item.failed || unchanged ? 0 : 1;
    const next =
      produced > 0
        ? claimedItems.map((existing, position) => (position === index ? item : existing))
        : claimedItems;
    // The charge and the new answer are kept together, and only while the record exists.
    const charged = await keepAnswers(ctx, id, reservationId, produced, (credits) => ({
      stage: 'completed',
      message: row.message,
      items: next,
      answers: JSON.stringify(next.map((entry) => entry.answer)),
      creditsUsed: claimed.creditsUsed + credits,
    }));
    kept = true;
    if (charged === null) throw notFound(GENERATION_NOT_FOUND);
    if (produced === 0)
      return { ...current, ...(unchanged ? { unchanged: true } : { regenerationFailed: true }) };
    return item;
  } finally {
    work.end();
    // A failure releases the credit and the record with the answers it had.
    if (!kept) {
      await settleReservation(ctx.db, { reservationId, used: 0, description: '' }).catch(
        () => undefined,
      );
      await ctx.db
        .update(faqGenerations)
        .set({ stage: 'completed', message: row.message, updatedAt: new Date() })
        .where(and(eq(faqGenerations.id, id), eq(faqGenerations.stage, 'answering')));
    }
  }
}
