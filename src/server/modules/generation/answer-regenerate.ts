import { and, eq } from 'drizzle-orm';
import type { FaqItem, RegeneratedItem } from '../../../shared/generations.ts';
import { faqGenerations } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { reserveCredits, settleReservation, usageDescription } from '../credits/ledger.ts';
import { generateAnswersFromContent, sameAnswer } from '../ai/faq-ai.ts';
import { contentItem } from './answer-items.ts';
import { answerCategory, approvedDrafts, expertsNeedModel } from './answer-phase.ts';
import { getOwnGeneration, type StoredSources } from './generation.record.ts';
import { aiRun, type GenerationContext } from './generation.service.ts';

export const REGENERATION_BUSY = '回答を生成中です。完了までお待ちください';

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
  if (!sources || row.stage !== 'completed' || !current)
    throw new HttpError(409, 'この回答は再生成できません');
  const run = aiRun(ctx.config, sources.ai);
  if (sources.category && run.engine.kind === 'offline') throw expertsNeedModel();
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

  let item: FaqItem | undefined;
  let charged = 0;
  try {
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
    charged = (
      await settleReservation(ctx.db, {
        reservationId,
        used: produced,
        description: usageDescription(produced),
      })
    ).charged;
    if (produced === 0)
      return { ...current, ...(unchanged ? { unchanged: true } : { regenerationFailed: true }) };
    return item;
  } finally {
    // Whatever happened, the record is released with its answers (the new one if charged).
    if (charged === 0)
      await settleReservation(ctx.db, { reservationId, used: 0, description: '' }).catch(
        () => undefined,
      );
    const next =
      charged > 0 && item
        ? claimedItems.map((existing, position) => (position === index ? item! : existing))
        : claimedItems;
    await ctx.db
      .update(faqGenerations)
      .set({
        stage: 'completed',
        message: row.message,
        items: next,
        answers: JSON.stringify(next.map((entry) => entry.answer)),
        creditsUsed: claimed.creditsUsed + charged,
        updatedAt: new Date(),
      })
      .where(eq(faqGenerations.id, id));
  }
}
