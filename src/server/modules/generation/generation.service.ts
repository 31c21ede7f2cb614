import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CreateGenerationRequest, FaqItem, Generation } from '../../../shared/generations.ts';
import type { AnswerLength } from '../../../shared/limits.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { creditReservations, faqGenerations, users } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { reserveCredits, settleReservation, usageDescription } from '../credits/ledger.ts';
import {
  ANSWER_FAILED,
  generateAnswersFromContent,
  generateCategoryQuestions,
  generateExpertAnswer,
  generateIntegratedAnswer,
  generateQuestionsFromContent,
  type AiRun,
  type CategoryInput,
} from '../ai/faq-ai.ts';
import type { ContentPage } from '../ai/offline-engine.ts';
import { resolveEngine } from '../ai/providers.ts';
import { aiLimiter, emptyUsage } from '../ai/structured.ts';
import { ingestText, ingestUrl } from '../ingestion/ingestion.service.ts';

type Row = typeof faqGenerations.$inferSelect;

interface StoredSources {
  pages: ContentPage[];
  questionSources: (string | null)[];
  category?: CategoryInput;
  answerLength: AnswerLength;
  ai: CreateGenerationRequest['ai'];
}

export interface GenerationContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
}

export function newGenerationId(): string {
  return `faq_${Date.now()}_${randomBytes(4).toString('hex')}`;
}

const parseList = (text: string): string[] => {
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

async function update(
  db: Database,
  id: string,
  values: Partial<typeof faqGenerations.$inferInsert>,
) {
  await db
    .update(faqGenerations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(faqGenerations.id, id));
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof HttpError ? error.message : fallback;
}

function categoryPath(input: CreateGenerationRequest): string {
  return (
    [input.major, input.medium, input.minor].filter(Boolean).join(' > ') || input.categoryName || ''
  );
}

function aiRun(config: Config, ai: CreateGenerationRequest['ai']): AiRun {
  return {
    engine: resolveEngine(config, ai.provider, ai.model),
    limiter: aiLimiter(config.AI_CONCURRENCY),
    usage: emptyUsage(),
    customInstructions: ai.customInstructions,
  };
}

/** Creates the record and starts the question phase in the background; returns at once. */
export async function startGeneration(
  ctx: GenerationContext,
  userId: string,
  input: CreateGenerationRequest,
): Promise<string> {
  // A provider without a key fails here, before any work or record (issue 6).
  const run = aiRun(ctx.config, input.ai);
  const id = newGenerationId();
  const inputData =
    input.method === 'url'
      ? {
          url: input.url ?? '',
          textInput: input.textInput ?? '',
          faqCount: input.faqCount,
          includeSubpages: input.includeSubpages,
        }
      : {
          categoryName: input.categoryName,
          responders: (input.responders ?? []).filter((responder) => responder.trim()),
          categoryFaqCount: input.faqCount,
          major: input.major ?? '',
          medium: input.medium ?? '',
          minor: input.minor ?? '',
        };
  const title =
    input.method === 'url'
      ? input.url
        ? `${new URL(input.url).hostname} のFAQ`
        : 'テキストから作成したFAQ'
      : `${input.categoryName}のFAQ`;
  await ctx.db.insert(faqGenerations).values({
    id,
    userId,
    title,
    method: input.method,
    status: 'generating',
    stage: 'fetching',
    progress: 10,
    message:
      input.method === 'url'
        ? input.url
          ? 'URLからコンテンツを取得中...'
          : 'テキストを読み込み中...'
        : '質問の準備中...',
    inputData: JSON.stringify(inputData),
    engine:
      run.engine.kind === 'offline' ? 'offline' : `${run.engine.provider}:${run.engine.modelId}`,
  });
  await ctx.db
    .update(users)
    .set({
      aiProvider: input.ai.provider,
      aiCustomInstructions: input.ai.customInstructions ?? null,
    })
    .where(eq(users.id, userId));
  void runQuestionPhase(ctx, id, input, run).catch((error: unknown) =>
    ctx.log.error({ err: error, id }, 'question phase crashed'),
  );
  return id;
}

async function runQuestionPhase(
  ctx: GenerationContext,
  id: string,
  input: CreateGenerationRequest,
  run: AiRun,
) {
  try {
    let pages: ContentPage[] = [];
    let title: string | undefined;
    let crawlReport = null;
    if (input.method === 'url') {
      if (input.url) {
        const result = await ingestUrl({
          url: input.url,
          includeSubpages: input.includeSubpages,
          maxPages: ctx.config.CRAWL_MAX_PAGES,
          allowPrivate: ctx.config.FETCH_ALLOW_PRIVATE,
          onProgress: (done, total) =>
            void update(ctx.db, id, { message: `ページを取得中...（${done}/${total}）` }),
        });
        pages = result.pages.map((page) => ({
          url: page.url,
          title: page.title,
          markdown: page.markdown,
        }));
        crawlReport = result.report;
        if (result.pages[0]?.title) title = `${result.pages[0].title} のFAQ`;
      }
      if (input.textInput?.trim()) {
        const text = ingestText(input.textInput);
        pages.push({ url: '', title: '入力テキスト', markdown: text.markdown });
      }
      await update(ctx.db, id, {
        progress: 20,
        message: 'コンテンツを解析中...',
        crawlReport,
        ...(title ? { title } : {}),
      });
    }
    await update(ctx.db, id, { progress: 30, message: '質問を生成中...' });
    const category: CategoryInput | undefined =
      input.method === 'category'
        ? {
            name: input.categoryName!,
            path: categoryPath(input),
            responders: (input.responders ?? []).filter((responder) => responder.trim()),
          }
        : undefined;
    const drafts = category
      ? await generateCategoryQuestions(run, category, input.faqCount)
      : await generateQuestionsFromContent(run, pages, input.faqCount);
    if (drafts.length === 0)
      throw new HttpError(
        422,
        '内容から質問を作成できませんでした。別のページやテキストでお試しください',
      );
    const sources: StoredSources = {
      pages,
      questionSources: drafts.map((draft) => draft.sourceUrl ?? null),
      answerLength: input.answerLength,
      ai: input.ai,
      ...(category ? { category } : {}),
    };
    await update(ctx.db, id, {
      stage: 'questions_ready',
      progress: 40,
      message: `${drafts.length}件の質問を作成しました。回答を作成する質問を選んでください`,
      questions: JSON.stringify(drafts.map((draft) => draft.question)),
      sources,
      tokenUsage: run.usage,
    });
  } catch (error) {
    ctx.log.warn({ err: error, id }, 'question generation failed');
    await update(ctx.db, id, {
      status: 'failed',
      stage: 'failed',
      message: errorText(error, '質問の生成に失敗しました'),
      error: errorText(error, '質問の生成に失敗しました'),
    });
  }
}

export async function getOwnGeneration(db: Database, userId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(faqGenerations)
    .where(and(eq(faqGenerations.id, id), eq(faqGenerations.userId, userId)));
  if (!row) throw notFound('履歴が見つかりません');
  return row;
}

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
      const expertAnswers = await Promise.all(
        experts.map(async (expert) => ({
          expert,
          ...(await generateExpertAnswer(run, { question, expert, category, length })),
        })),
      );
      let item: FaqItem;
      if (experts.length === 1) {
        const only = expertAnswers[0]!;
        item = {
          question,
          answer: only.answer,
          answerSource: only.fallback
            ? 'fallback'
            : run.engine.kind === 'offline'
              ? 'offline'
              : 'ai_direct',
          approved: true,
        };
      } else {
        const integrated = await generateIntegratedAnswer(run, {
          question,
          expertAnswers: expertAnswers.map(({ expert, answer }) => ({ expert, answer })),
          length,
        });
        item = {
          question,
          answer: integrated.answer,
          answerSource: integrated.fallback ? 'fallback' : 'synthesized',
          approved: true,
          expertAnswers: expertAnswers.map(({ expert, answer }) => ({ expert, answer })),
          integratedAnswer: integrated.answer,
        };
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
      const allQuestions = parseList(row.questions);
      const drafts = questions.map((question) => {
        const index = allQuestions.indexOf(question);
        const sourceUrl = index >= 0 ? sources.questionSources[index] : null;
        return { question, ...(sourceUrl ? { sourceUrl } : {}) };
      });
      const answers = await generateAnswersFromContent(
        run,
        drafts,
        sources.pages,
        sources.answerLength,
      );
      items = answers.map((result, index) => ({
        question: questions[index]!,
        answer: result.failed && run.engine.kind !== 'offline' ? ANSWER_FAILED : result.answer,
        answerSource:
          run.engine.kind === 'offline' ? 'offline' : result.failed ? 'fallback' : 'ai_direct',
        approved: !result.failed,
        ...(result.failed ? { failed: true } : {}),
        ...(result.sourceUrl ? { sourceUrl: result.sourceUrl } : {}),
      }));
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
 * A job interrupted by a restart will never finish: mark it failed and release its credits.
 * With several processes on one database, only jobs silent for a while are taken as dead.
 */
export async function recoverInterruptedGenerations(
  db: Database,
  staleAfterMs: number,
): Promise<number> {
  const cutoff = new Date(Date.now() - staleAfterMs);
  const stale = await db
    .update(faqGenerations)
    .set({
      status: 'failed',
      stage: 'failed',
      message: '処理が中断されました。もう一度お試しください',
      error: 'interrupted',
      updatedAt: new Date(),
    })
    .where(and(eq(faqGenerations.status, 'generating'), lt(faqGenerations.updatedAt, cutoff)))
    .returning({ id: faqGenerations.id });
  if (stale.length === 0) return 0;
  const held = await db
    .select({ id: creditReservations.id })
    .from(creditReservations)
    .where(
      and(
        eq(creditReservations.status, 'held'),
        inArray(
          creditReservations.generationId,
          stale.map((row) => row.id),
        ),
      ),
    );
  for (const reservation of held)
    await settleReservation(db, { reservationId: reservation.id, used: 0, description: '' });
  return stale.length;
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
): Promise<FaqItem> {
  const row = await getOwnGeneration(ctx.db, userId, id);
  const sources = row.sources as StoredSources | null;
  const items = (row.items as FaqItem[]) ?? [];
  const current = items[index];
  if (!sources || row.stage !== 'completed' || !current)
    throw new HttpError(409, 'この回答は再生成できません');
  const run = aiRun(ctx.config, sources.ai);
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
        [
          {
            question: current.question,
            ...(current.sourceUrl ? { sourceUrl: current.sourceUrl } : {}),
          },
        ],
        sources.pages,
        sources.answerLength,
      );
      item = {
        question: current.question,
        answer: result!.failed && run.engine.kind !== 'offline' ? ANSWER_FAILED : result!.answer,
        answerSource:
          run.engine.kind === 'offline' ? 'offline' : result!.failed ? 'fallback' : 'ai_direct',
        approved: !result!.failed,
        ...(result!.failed ? { failed: true } : {}),
        ...(result!.sourceUrl ? { sourceUrl: result!.sourceUrl } : {}),
      };
    }
  } catch (error) {
    await settleReservation(ctx.db, { reservationId: reservation.id, used: 0, description: '' });
    throw error;
  }
  const produced = item!.failed ? 0 : 1;
  const settled = await settleReservation(ctx.db, {
    reservationId: reservation.id,
    used: produced,
    description: usageDescription(produced),
  });
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
