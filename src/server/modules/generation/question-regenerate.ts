import { and, eq } from 'drizzle-orm';
import {
  createGenerationSchema,
  readGenerationInput,
  type CreateGenerationRequest,
  type QuestionRun,
} from '../../../shared/generations.ts';
import {
  MODEL_USE_LIMITS,
  QUESTION_REGENERATIONS_PER_DAY_REACHED,
} from '../../../shared/model-use.ts';
import { faqGenerations } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { consumeDailyAllowance, requireConfirmedAddress } from '../ai/model-access.ts';
import { crawlBooking, withinQuestionPhaseLimit } from './generation-limits.ts';
import { getOwnGeneration, parseList, type Row, type StoredSources } from './generation.record.ts';
import { GENERATION_QUEUES, type QuestionJob } from './generation.queues.ts';
import { aiRun, firstStep, type GenerationContext } from './generation.service.ts';

export const QUESTIONS_NOT_REGENERABLE = 'この質問は再生成できません';

/** The request that created the record, rebuilt from what the record stores. */
function storedRequest(row: Row, sources: StoredSources): CreateGenerationRequest {
  let raw: unknown = {};
  try {
    raw = JSON.parse(row.inputData);
  } catch {
    raw = {};
  }
  const input = readGenerationInput(raw);
  const parsed = createGenerationSchema.safeParse(
    row.method === 'category'
      ? {
          method: 'category',
          categoryName: input.categoryName,
          responders: input.responders,
          major: input.major,
          medium: input.medium,
          minor: input.minor,
          faqCount: input.categoryFaqCount ?? input.faqCount,
          answerLength: sources.answerLength,
          ai: sources.ai,
        }
      : {
          method: 'url',
          url: input.url || undefined,
          textInput: input.textInput || undefined,
          faqCount: input.faqCount,
          includeSubpages: input.includeSubpages,
          answerLength: sources.answerLength,
          ai: sources.ai,
        },
  );
  if (!parsed.success) throw new HttpError(409, QUESTIONS_NOT_REGENERABLE);
  return parsed.data;
}

/**
 * Reruns the question phase on the same draft from its stored input (a job created with the
 * claim); its questions are replaced when the new ones are ready. A second request while it
 * runs gets the same run.
 */
export async function regenerateQuestions(
  ctx: GenerationContext,
  userId: string,
  id: string,
): Promise<QuestionRun> {
  const row = await getOwnGeneration(ctx.db, userId, id);
  if (row.stage === 'fetching' && row.status === 'generating') return { id, reused: true };
  const sources = row.sources as StoredSources | null;
  if (row.stage !== 'questions_ready' || !sources?.ai)
    throw new HttpError(409, QUESTIONS_NOT_REGENERABLE);
  const input = storedRequest(row, sources);
  // A provider whose key was removed since fails here, before the draft changes.
  const run = aiRun(ctx.config, input.ai);
  const usesModel = run.engine.kind === 'model';
  if (usesModel) await requireConfirmedAddress(ctx.db, userId);
  // A regeneration reads the site again, so it counts toward the user's running question phases.
  const crawl = await crawlBooking(input, ctx.config);
  const claimed = await withinQuestionPhaseLimit(
    ctx.db,
    userId,
    async (tx) => {
      const rows = await tx
        .update(faqGenerations)
        .set({
          stage: 'fetching',
          status: 'generating',
          ...firstStep(input),
          error: null,
          cancelRequested: false,
          crawlHost: crawl?.host ?? null,
          updatedAt: new Date(),
        })
        .where(and(eq(faqGenerations.id, id), eq(faqGenerations.stage, 'questions_ready')))
        .returning({ id: faqGenerations.id });
      // Only a regeneration that starts counts; a refusal rolls the claim back.
      if (rows.length > 0 && usesModel)
        await consumeDailyAllowance(
          tx,
          `question-regeneration-day:${userId}`,
          MODEL_USE_LIMITS.questionRegenerationsPerDay,
          QUESTION_REGENERATIONS_PER_DAY_REACHED,
        );
      if (rows.length > 0)
        await ctx.jobs.send(
          GENERATION_QUEUES.questions,
          { id, input, previous: parseList(row.questions) } satisfies QuestionJob,
          { tx },
        );
      return rows;
    },
    crawl,
  );
  return { id, reused: claimed.length === 0 };
}
