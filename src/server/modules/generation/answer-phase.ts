import { and, eq, inArray } from 'drizzle-orm';
import type { FaqItem, RegeneratedItem } from '../../../shared/generations.ts';
import type { AnswerLength } from '../../../shared/limits.ts';
import { faqGenerations } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { reserveCredits, settleReservation, usageDescription } from '../credits/ledger.ts';
import {
  generateExpertAnswer,
  generateIntegratedAnswer,
  type CategoryInput,
} from '../ai/category-ai.ts';
import {
  ANSWER_FAILED,
  generateAnswersFromContent,
  sameAnswer,
  type AnswerResult,
} from '../ai/faq-ai.ts';
import type { AiRun } from '../ai/model-run.ts';
import type { DraftQuestion } from '../ai/offline-engine.ts';
import {
  getOwnGeneration,
  parseList,
  update,
  type Row,
  type StoredSources,
} from './generation.record.ts';
import { aiRun, errorText, type GenerationContext } from './generation.service.ts';

/**
 * Reserves one credit per approved question before any AI call ('クレジットが不足しています'
 * otherwise), then answers in the background, charging only answers actually produced.
 */
export async function startAnswers(
  ctx: GenerationContext,
  userId: string,
  id: string,
  questions: string[],
): Promise<void> {
  const row = await getOwnGeneration(ctx.db, userId, id);
  const sources = row.sources as StoredSources | null;
  if (
    !sources ||
    !['questions_ready', 'completed', 'failed'].includes(row.stage) ||
    parseList(row.questions).length === 0
  ) {
    throw new HttpError(409, 'このFAQはまだ回答を作成できる状態ではありません');
  }
  const run = aiRun(ctx.config, sources.ai);
  if (sources.category && run.engine.kind === 'offline') throw expertsNeedModel();
  const claimed = await ctx.db
    .update(faqGenerations)
    .set({
      stage: 'answering',
      status: 'generating',
      progress: 70,
      message: '回答を生成中...',
      error: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(faqGenerations.id, id),
        inArray(faqGenerations.stage, ['questions_ready', 'completed', 'failed']),
      ),
    )
    .returning({ id: faqGenerations.id });
  if (claimed.length === 0) throw new HttpError(409, '回答を生成中です。完了までお待ちください');
  let reservationId: string;
  try {
    reservationId = (
      await reserveCredits(ctx.db, { userId, amount: questions.length, generationId: id })
    ).id;
  } catch (error) {
    await update(ctx.db, id, {
      stage: row.stage,
      status: row.status,
      progress: row.progress,
      message: row.message,
    });
    throw error;
  }
  void runAnswerPhase(ctx, row, sources, questions, run, reservationId).catch((error: unknown) =>
    ctx.log.error({ err: error, id }, 'answer phase crashed'),
  );
}

/** Category answers come from expert roles: without a model there is nothing honest to give. */
function expertsNeedModel(): HttpError {
  return new HttpError(
    422,
    'オフライン簡易エンジンでは専門家の回答を作成できません。AIプロバイダーが設定されると回答を作成できます（クレジットは消費していません）',
  );
}

/** A content-mode answer as a FAQ item; a failed one is marked, unapproved and never charged. */
function contentItem(question: string, result: AnswerResult, run: AiRun): FaqItem {
  return {
    question,
    answer: result.failed && run.engine.kind !== 'offline' ? ANSWER_FAILED : result.answer,
    answerSource:
      run.engine.kind === 'offline' ? 'offline' : result.failed ? 'fallback' : 'ai_direct',
    approved: !result.failed,
    ...(result.failed ? { failed: true } : {}),
    ...(result.sourceUrl ? { sourceUrl: result.sourceUrl } : {}),
    ...(result.evidence && !result.failed ? { evidence: result.evidence } : {}),
    ...(result.model && !result.failed ? { model: result.model } : {}),
  };
}

/** The stored drafts (source page and evidence) behind the questions the user approved. */
function approvedDrafts(row: Row, sources: StoredSources, questions: string[]): DraftQuestion[] {
  const allQuestions = parseList(row.questions);
  return questions.map((question) => {
    const index = allQuestions.indexOf(question);
    const sourceUrl = index >= 0 ? sources.questionSources[index] : null;
    const evidence = index >= 0 ? sources.questionEvidence?.[index] : null;
    return { question, ...(sourceUrl ? { sourceUrl } : {}), ...(evidence ? { evidence } : {}) };
  });
}

async function answerCategory(
  ctx: GenerationContext,
  id: string,
  run: AiRun,
  category: CategoryInput,
  questions: string[],
  length: AnswerLength,
): Promise<FaqItem[]> {
  let done = 0;
  const experts = category.responders;
  return Promise.all(
    questions.map(async (question) => {
      const expertAnswers = (
        await Promise.all(
          experts.map(async (expert) => {
            const result = await generateExpertAnswer(run, { question, expert, category, length });
            return result ? { expert, answer: result.answer, model: result.model } : null;
          }),
        )
      ).filter((entry) => entry !== null);
      // A role that could not answer is left out; with no answer at all the item failed.
      const failed = (): FaqItem => ({
        question,
        answer: ANSWER_FAILED,
        answerSource: 'fallback',
        approved: false,
        failed: true,
      });
      let item: FaqItem;
      if (expertAnswers.length === 0) {
        item = failed();
      } else if (experts.length === 1) {
        const only = expertAnswers[0]!;
        item = {
          question,
          answer: only.answer,
          answerSource: 'ai_direct',
          approved: true,
          model: only.model,
        };
      } else {
        const integrated = await generateIntegratedAnswer(run, {
          question,
          expertAnswers: expertAnswers.map(({ expert, answer }) => ({ expert, answer })),
          length,
        });
        item = integrated
          ? {
              question,
              answer: integrated.answer,
              answerSource: 'synthesized',
              approved: true,
              expertAnswers: expertAnswers.map(({ expert, answer }) => ({ expert, answer })),
              integratedAnswer: integrated.answer,
              model: integrated.model,
            }
          : failed();
      }
      done++;
      void update(ctx.db, id, {
        progress: 75 + Math.floor((done / questions.length) * 20),
        message: `回答を生成中...（${done}/${questions.length}）`,
      });
      return item;
    }),
  );
}

async function runAnswerPhase(
  ctx: GenerationContext,
  row: Row,
  sources: StoredSources,
  questions: string[],
  run: AiRun,
  reservationId: string,
) {
  const id = row.id;
  try {
    await update(ctx.db, id, { progress: 75 });
    let items: FaqItem[];
    if (sources.category) {
      items = await answerCategory(ctx, id, run, sources.category, questions, sources.answerLength);
    } else {
      const answers = await generateAnswersFromContent(
        run,
        approvedDrafts(row, sources, questions),
        sources.pages,
        sources.answerLength,
      );
      items = answers.map((result, index) => contentItem(questions[index]!, result, run));
    }
    await update(ctx.db, id, { progress: 95, message: '仕上げ中...' });
    const produced = items.filter((item) => !item.failed).length;
    const settled = await settleReservation(ctx.db, {
      reservationId,
      used: produced,
      description: usageDescription(produced),
    });
    await update(ctx.db, id, {
      status: 'completed',
      stage: 'completed',
      progress: 100,
      message:
        produced === items.length
          ? 'FAQの生成が完了しました'
          : `FAQの生成が完了しました（${items.length - produced}件は回答を作成できなかったため、クレジットを消費していません）`,
      answers: JSON.stringify(items.map((item) => item.answer)),
      items,
      creditsUsed: row.creditsUsed + settled.charged,
      tokenUsage: run.usage,
    });
  } catch (error) {
    ctx.log.warn({ err: error, id }, 'answer generation failed');
    await settleReservation(ctx.db, { reservationId, used: 0, description: '' }).catch(
      () => undefined,
    );
    await update(ctx.db, id, {
      status: 'failed',
      stage: 'failed',
      message: errorText(error, 'FAQの生成に失敗しました'),
      error: errorText(error, 'FAQの生成に失敗しました'),
    });
  }
}

/**
 * Regenerates one answer of a finished generation (DECISIONS §8): one credit reserved first,
 * charged only if a new answer was produced.
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
  if (!sources || row.stage !== 'completed' || !current)
    throw new HttpError(409, 'この回答は再生成できません');
  const run = aiRun(ctx.config, sources.ai);
  if (sources.category && run.engine.kind === 'offline') throw expertsNeedModel();
  const reservation = await reserveCredits(ctx.db, { userId, amount: 1, generationId: id });
  let item: FaqItem;
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
      item = contentItem(current.question, result!, run);
    }
  } catch (error) {
    await settleReservation(ctx.db, { reservationId: reservation.id, used: 0, description: '' });
    throw error;
  }
  // Only a new answer is worth a credit: a failure or the same text again costs nothing.
  const unchanged = !item!.failed && sameAnswer(item!.answer, current.answer);
  const produced = item!.failed || unchanged ? 0 : 1;
  const settled = await settleReservation(ctx.db, {
    reservationId: reservation.id,
    used: produced,
    description: usageDescription(produced),
  });
  if (item!.failed || unchanged) {
    // The previous answer stays; the reply says why nothing changed.
    return { ...current, ...(unchanged ? { unchanged: true } : { regenerationFailed: true }) };
  }
  const next = items.map((existing, position) => (position === index ? item! : existing));
  await update(ctx.db, id, {
    items: next,
    answers: JSON.stringify(next.map((entry) => entry.answer)),
    creditsUsed: row.creditsUsed + settled.charged,
    stage: 'completed',
    progress: 100,
  });
  return item!;
}
