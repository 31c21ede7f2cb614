import type { LimitFunction } from 'p-limit';
import {
  answersOutputSchema,
  expertOutputSchema,
  integratedOutputSchema,
  questionsOutputSchema,
} from '../../../shared/ai.ts';
import { ANSWER_LENGTHS, type AnswerLength } from '../../../shared/limits.ts';
import type { ResolvedEngine } from './providers.ts';
import { callStructured, type TokenUsage } from './structured.ts';
import { bigrams, dedupeQuestions, jaccard, normaliseForCompare } from './text.ts';
import {
  offlineAnswerFromContent,
  offlineCategoryQuestions,
  offlineExpertAnswer,
  offlineIntegratedAnswer,
  offlineQuestionsFromContent,
  type ContentPage,
  type DraftQuestion,
} from './offline-engine.ts';

export const ANSWER_FAILED = '回答の生成に失敗しました';

export interface AiRun {
  engine: ResolvedEngine;
  limiter: LimitFunction;
  usage: TokenUsage;
  customInstructions?: string | undefined;
}

const SYSTEM = [
  'あなたは日本の中小企業のFAQ（よくある質問）作成を支援する編集者です。',
  '自然で丁寧な日本語（です・ます調）で書きます。',
  '事実は与えられた資料の範囲に限り、資料にないことを推測で断定しません。',
].join('\n');

function system(run: AiRun): string {
  return run.customInstructions
    ? `${SYSTEM}\n\n利用者からの追加指示:\n${run.customInstructions}`
    : SYSTEM;
}

const CHUNK_CHARS = 6000;

/** Pages cut into chunks small enough for one prompt each, so long sites fan out. */
export function chunkContent(pages: ContentPage[]): { url: string; title: string; text: string }[] {
  const chunks: { url: string; title: string; text: string }[] = [];
  for (const page of pages) {
    for (let start = 0; start < page.markdown.length; start += CHUNK_CHARS) {
      chunks.push({
        url: page.url,
        title: page.title,
        text: page.markdown.slice(start, start + CHUNK_CHARS),
      });
    }
  }
  return chunks.filter((chunk) => chunk.text.trim().length > 0);
}

export async function generateQuestionsFromContent(
  run: AiRun,
  pages: ContentPage[],
  count: number,
): Promise<DraftQuestion[]> {
  if (run.engine.kind === 'offline')
    return dedupeQuestions(offlineQuestionsFromContent(pages, count)).slice(0, count);
  const engine = run.engine;
  const chunks = chunkContent(pages).slice(0, 30);
  // A few extra per chunk: de-duplication removes overlaps between chunks.
  const perChunk = Math.max(3, Math.ceil((count * 1.3) / Math.max(1, chunks.length)));
  const results = await Promise.all(
    chunks.map(async (chunk) => {
      const output = await callStructured({
        model: engine.model,
        schema: questionsOutputSchema,
        system: system(run),
        limiter: run.limiter,
        usage: run.usage,
        prompt: [
          `次の資料を読み、この事業のお客様が実際に尋ねそうな質問を${perChunk}個作成してください。`,
          '資料の内容で答えられる質問だけにしてください。質問文だけを返してください。',
          `資料（${chunk.title || chunk.url}）:`,
          chunk.text,
        ].join('\n\n'),
      });
      return output.questions.map((question) => ({ question, sourceUrl: chunk.url || undefined }));
    }),
  );
  return dedupeQuestions(results.flat()).slice(0, count);
}

export interface CategoryInput {
  name: string;
  path: string;
  responders: string[];
}

export async function generateCategoryQuestions(
  run: AiRun,
  category: CategoryInput,
  count: number,
): Promise<DraftQuestion[]> {
  if (run.engine.kind === 'offline') return offlineCategoryQuestions(category.name, count);
  const engine = run.engine;
  const batches = Math.ceil((count * 1.2) / 25);
  const results = await Promise.all(
    Array.from({ length: batches }, async (_, index) => {
      const output = await callStructured({
        model: engine.model,
        schema: questionsOutputSchema,
        system: system(run),
        limiter: run.limiter,
        usage: run.usage,
        prompt: [
          `カテゴリー「${category.path}」について、一般の利用者がよく尋ねる質問を${Math.min(25, Math.ceil((count * 1.2) / batches))}個作成してください。`,
          `回答者は ${category.responders.join('、')} です。回答者が専門的に答えられる質問にしてください。`,
          index > 0
            ? `観点を変えて、基本的な質問と重ならないようにしてください（${index + 1}組目）。`
            : '',
        ].join('\n'),
      });
      return output.questions.map((question) => ({ question }));
    }),
  );
  return dedupeQuestions(results.flat()).slice(0, count);
}

export interface AnswerResult {
  answer: string;
  failed: boolean;
  sourceUrl?: string;
}

function lengthRule(length: AnswerLength): string {
  const { min, max } = ANSWER_LENGTHS[length];
  return `各回答は${min}〜${max}文字程度にしてください。`;
}

/** The chunk sharing the most with the question grounds its answer. */
function bestChunkIndex(question: string, chunkGrams: Set<string>[]): number {
  const questionGrams = bigrams(normaliseForCompare(question));
  let best = 0;
  let bestScore = -1;
  chunkGrams.forEach((grams, index) => {
    const score = jaccard(questionGrams, grams);
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}

const ANSWER_BATCH = 5;

export async function generateAnswersFromContent(
  run: AiRun,
  questions: DraftQuestion[],
  pages: ContentPage[],
  length: AnswerLength,
): Promise<AnswerResult[]> {
  if (run.engine.kind === 'offline') {
    return questions.map((question) => {
      const result = offlineAnswerFromContent(question.question, pages, length, question.sourceUrl);
      return {
        answer: result.answer,
        failed: !result.found,
        ...(result.sourceUrl ? { sourceUrl: result.sourceUrl } : {}),
      };
    });
  }
  const engine = run.engine;
  const chunks = chunkContent(pages);
  // Questions grounded in the same chunk are answered together, a few per call, all in parallel.
  const groups = new Map<string, { index: number; question: DraftQuestion }[]>();
  const chunkGrams = chunks.map((chunk) => bigrams(normaliseForCompare(chunk.text)));
  questions.forEach((question, index) => {
    const key = chunks.length > 0 ? `#${bestChunkIndex(question.question, chunkGrams)}` : 'none';
    groups.set(key, [...(groups.get(key) ?? []), { index, question }]);
  });
  const results: AnswerResult[] = questions.map(() => ({ answer: ANSWER_FAILED, failed: true }));
  const tasks: Promise<void>[] = [];
  for (const [key, members] of groups) {
    const chunk = chunks[Number(key.split('#').pop())];
    for (let start = 0; start < members.length; start += ANSWER_BATCH) {
      const batch = members.slice(start, start + ANSWER_BATCH);
      tasks.push(
        (async () => {
          try {
            const output = await callStructured({
              model: engine.model,
              schema: answersOutputSchema,
              system: system(run),
              limiter: run.limiter,
              usage: run.usage,
              prompt: [
                '次の資料だけを根拠に、各質問への回答を日本語で作成してください。資料に記載がない場合は、その旨を丁寧に伝えてください。',
                lengthRule(length),
                `質問と同じ順番で、${batch.length}個の回答を返してください。`,
                batch
                  .map((member, order) => `Q${order + 1}: ${member.question.question}`)
                  .join('\n'),
                `資料（${chunk?.title || chunk?.url || '入力テキスト'}）:\n${chunk?.text ?? ''}`,
              ].join('\n\n'),
            });
            batch.forEach((member, order) => {
              const answer = output.answers[order]?.trim();
              results[member.index] = answer
                ? { answer, failed: false, ...(chunk?.url ? { sourceUrl: chunk.url } : {}) }
                : { answer: ANSWER_FAILED, failed: true };
            });
          } catch {
            // Each question of a failed batch stays '回答の生成に失敗しました' and is not charged.
          }
        })(),
      );
    }
  }
  await Promise.all(tasks);
  return results;
}

export async function generateExpertAnswer(
  run: AiRun,
  input: { question: string; expert: string; category: CategoryInput; length: AnswerLength },
): Promise<{ answer: string; fallback: boolean }> {
  const fallback = () => ({
    answer: offlineExpertAnswer(input.question, input.expert, input.category.name),
    fallback: true,
  });
  if (run.engine.kind === 'offline') return fallback();
  try {
    const output = await callStructured({
      model: run.engine.model,
      schema: expertOutputSchema,
      system: system(run),
      limiter: run.limiter,
      usage: run.usage,
      prompt: [
        `あなたは「${input.expert}」です。カテゴリー「${input.category.path}」に関する次の質問に、${input.expert}の専門的な視点から回答してください。`,
        lengthRule(input.length),
        `質問: ${input.question}`,
      ].join('\n\n'),
    });
    return output.answer.trim() ? { answer: output.answer.trim(), fallback: false } : fallback();
  } catch {
    return fallback();
  }
}

export async function generateIntegratedAnswer(
  run: AiRun,
  input: {
    question: string;
    expertAnswers: { expert: string; answer: string }[];
    length: AnswerLength;
  },
): Promise<{ answer: string; fallback: boolean }> {
  const fallback = () => ({
    answer: offlineIntegratedAnswer(
      input.question,
      input.expertAnswers.map((item) => item.expert),
    ),
    fallback: true,
  });
  if (run.engine.kind === 'offline') return fallback();
  try {
    const output = await callStructured({
      model: run.engine.model,
      schema: integratedOutputSchema,
      system: system(run),
      limiter: run.limiter,
      usage: run.usage,
      prompt: [
        '次の質問に対する複数の専門家の回答を踏まえ、利用者にとってわかりやすい統合回答を作成してください。',
        lengthRule(input.length),
        `質問: ${input.question}`,
        input.expertAnswers.map((item) => `【${item.expert}】${item.answer}`).join('\n'),
      ].join('\n\n'),
    });
    return output.integratedAnswer.trim()
      ? { answer: output.integratedAnswer.trim(), fallback: false }
      : fallback();
  } catch {
    return fallback();
  }
}
