import { answersOutputSchema, questionsOutputSchema } from '../../../shared/ai.ts';
import type { AnswerLength } from '../../../shared/limits.ts';
import { buildBm25 } from './bm25.ts';
import { avoidList } from './category-ai.ts';
import { customerQuestionsFor } from './intent-bank.ts';
import { offlineAnswersInChild, offlineQuestionsInChild } from './engine-pool.ts';
import { loadAnalyzer, normalizeText } from './japanese.ts';
import { callOnChain, lengthOff, lengthRule, system, type AiRun } from './model-run.ts';
import type { ContentPage, DraftQuestion } from './offline-engine.ts';
import { passagesOf, searchableText, type Passage } from './passages.ts';
import { dedupeQuestions } from './question-dedupe.ts';
import { unsupportedFigures } from './figure-check.ts';

/**
 * URL and text mode on every engine: questions from the content, answers grounded in the
 * passages retrieved for each question (BM25), each FAQ keeping its source and its evidence.
 */
export const ANSWER_FAILED = '回答の生成に失敗しました';

export interface QuestionSet {
  drafts: DraftQuestion[];
  /** Distinct questions the content was found to hold (offline engine), when known. */
  available?: number;
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

// Angles that parallel calls on the same content divide between them, so they do not all ask
// the obvious questions.
const ANGLES = [
  '料金・費用・支払い',
  '営業時間・予約・申し込み',
  '場所・アクセス・設備',
  'サービスや商品の内容',
  '条件・制限・注意点',
  '対象となる人・初めての人',
  'トラブル・変更・キャンセル',
  '特徴・強み・実績',
];

export async function generateQuestionsFromContent(
  run: AiRun,
  pages: ContentPage[],
  count: number,
  avoid: string[] = [],
): Promise<QuestionSet> {
  // The built-in engine works in a child process: seconds on a long paste, on no one's request.
  if (run.engine.kind === 'offline') return offlineQuestionsInChild(pages, count, avoid);
  const analyzer = await loadAnalyzer();
  const chunks = chunkContent(pages).slice(0, 30);
  if (chunks.length === 0) return { drafts: [] };
  const customersAsk = customerQuestionsFor(pages);
  const kept: DraftQuestion[] = [];
  // Top-up rounds (bounded): de-duplication leaves fewer than asked, so ask again for the rest
  // with every question already made listed as one to avoid.
  for (let round = 0; round < 4 && kept.length < count; round++) {
    const missing = count - kept.length;
    const calls = Math.max(chunks.length, Math.ceil((missing * 1.3) / 25));
    const perCall = Math.max(3, Math.ceil((missing * 1.3) / calls));
    const existing = [...avoid, ...kept.map((item) => item.question)];
    const results = await Promise.all(
      Array.from({ length: calls }, async (_, index) => {
        const chunk = chunks[index % chunks.length]!;
        const sharing = Math.ceil(calls / chunks.length) > 1;
        const angle = ANGLES[(index + round) % ANGLES.length]!;
        const { output } = await callOnChain(run, {
          schema: questionsOutputSchema,
          system: system(run),
          prompt: [
            `次の資料を読み、この事業のお客様が実際に尋ねそうな質問を${perCall}個作成してください。`,
            '資料の内容で答えられる質問だけにしてください。質問文だけを返してください。',
            `この業種のお客様がよく尋ねることの例です。資料に答えがあるものは優先して質問にし、答えがないものは質問にしないでください:\n${customersAsk.map((question) => `- ${question}`).join('\n')}`,
            sharing
              ? `あなたの担当する観点は「${angle}」です。ほかの観点は別の担当者が作成します。`
              : '',
            avoidList(existing),
            `資料（${chunk.title || chunk.url || '入力テキスト'}）:`,
            chunk.text,
          ]
            .filter(Boolean)
            .join('\n\n'),
        }).catch(() => ({ output: { questions: [] as string[] } }));
        return output.questions.map((question) => ({
          question,
          ...(chunk.url ? { sourceUrl: chunk.url } : {}),
        }));
      }),
    );
    const fresh = dedupeQuestions(analyzer, results.flat(), existing);
    if (fresh.length === 0) break;
    kept.push(...fresh);
  }
  return { drafts: kept.slice(0, count) };
}

export interface AnswerResult {
  answer: string;
  failed: boolean;
  sourceUrl?: string;
  /** The passage the answer rests on (根拠), as the content states it. */
  evidence?: string;
  /** The model that answered ('offline' for the built-in engine). */
  model?: string;
  /** The content held less than the length asked for (offline engine). */
  belowLength?: boolean;
  /** The run was stopped before this question's answer came back: not made, not charged. */
  cancelled?: boolean;
  /** Figures of the answer its evidence does not say (要確認): kept, flagged. */
  unverified?: string[];
  /** Figures the first answer stated that the evidence did not say: it was written once more. */
  rewrittenFor?: string[];
}

const ANSWER_BATCH = 5;
const PASSAGES_PER_QUESTION = 5;

function passageLine(number: number, passage: Passage): string {
  const where = [passage.section, passage.url].filter(Boolean).join(' / ');
  return `[${number}]${where ? `（${where}）` : ''} ${passage.text}`;
}

export async function generateAnswersFromContent(
  run: AiRun,
  questions: DraftQuestion[],
  pages: ContentPage[],
  length: AnswerLength,
  /**
   * Called as each batch's answers are final, with how many questions it settled and their
   * results by position in `questions` (a job keeps them in its record as they come).
   */
  onSettled?: (count: number, settled: Map<number, AnswerResult>) => void,
  /** Called when answers go back to the model because they stated figures the passages lack. */
  onRewrite?: (count: number) => void,
): Promise<AnswerResult[]> {
  if (run.engine.kind === 'offline') {
    // The engine quotes the page (its longer answers take the sentences beside the evidence),
    // so its child looks its figures up in the page itself: a flag here is the engine's bug.
    const answers = await offlineAnswersInChild(pages, questions, length);
    return answers.map((result) => {
      const unverified = result.unverified ?? [];
      return {
        answer: result.answer,
        failed: !result.found,
        model: 'offline',
        ...(result.sourceUrl ? { sourceUrl: result.sourceUrl } : {}),
        ...(result.evidence ? { evidence: result.evidence } : {}),
        ...(result.belowLength ? { belowLength: true } : {}),
        ...(unverified.length > 0 ? { unverified } : {}),
      };
    });
  }
  const analyzer = await loadAnalyzer();
  const passages = passagesOf(pages);
  const index = buildBm25(analyzer, passages, searchableText);
  const retrieved = questions.map((question) => {
    const hits = index.search(question.question, PASSAGES_PER_QUESTION).map((hit) => hit.item);
    // The passage the question was made from (offline drafts) always comes first.
    const own = question.evidence ? passages[question.evidence.passage] : undefined;
    return own ? [own, ...hits.filter((hit) => hit.index !== own.index)] : hits;
  });
  const results: AnswerResult[] = questions.map(() => ({ answer: ANSWER_FAILED, failed: true }));
  // What each answer may take its figures from: the passages retrieved for its question and
  // those it cited (the page's address included, which an answer may point to).
  const shown: Passage[][] = questions.map(() => []);
  const unsupportedIn = (position: number) => {
    const result = results[position]!;
    if (result.failed) return [];
    const texts = [...retrieved[position]!, ...shown[position]!].flatMap((passage) => [
      passage.text,
      passage.section ?? '',
      passage.url ?? '',
    ]);
    return unsupportedFigures(result.answer, texts);
  };
  const batches: number[][] = [];
  questions.forEach((_, position) => {
    if (retrieved[position]!.length === 0) return; // Nothing in the content: not answered, not charged.
    const last = batches.at(-1);
    if (last && last.length < ANSWER_BATCH) last.push(position);
    else batches.push([position]);
  });
  /**
   * Answers stating a figure their passages do not say are written once more with the figures
   * named; an answer still unverified keeps the version with fewer such figures, flagged.
   */
  const checkFigures = async (
    batch: number[],
    ask: (positions: number[], extra: string) => Promise<void>,
  ) => {
    const found = new Map<number, string[]>();
    for (const position of batch) {
      const phrases = unsupportedIn(position);
      if (phrases.length > 0) found.set(position, phrases);
    }
    if (found.size === 0) return;
    const positions = [...found.keys()];
    const previous = positions.map((position) => ({ ...results[position]! }));
    const previousShown = positions.map((position) => shown[position]!);
    onRewrite?.(positions.length);
    await ask(positions, rewriteNote(positions.map((position) => found.get(position)!))).catch(
      () => undefined,
    );
    positions.forEach((position, order) => {
      const first = found.get(position)!;
      const again = results[position]!.failed ? first : unsupportedIn(position);
      if (results[position]!.failed || again.length > first.length) {
        results[position] = previous[order]!;
        shown[position] = previousShown[order]!;
      }
      const left = results[position] === previous[order] ? first : again;
      results[position] = {
        ...results[position]!,
        rewrittenFor: first,
        ...(left.length > 0 ? { unverified: left } : {}),
      };
    });
  };
  await Promise.all(
    batches.map(async (batch) => {
      const numbered = [...new Set(batch.flatMap((position) => retrieved[position]!))];
      const ask = async (positions: number[], extra: string) => {
        const { output, model } = await callOnChain(run, {
          schema: answersOutputSchema,
          system: system(run),
          prompt: [
            '次の資料だけを根拠に、各質問への回答を日本語で作成してください。資料に記載がない場合は、その旨を丁寧に伝えてください。',
            lengthRule(length),
            extra,
            `質問と同じ順番で、${positions.length}個の回答を返してください。evidence には根拠にした資料の番号を入れてください。`,
            positions
              .map((position, order) => `Q${order + 1}: ${questions[position]!.question}`)
              .join('\n'),
            `資料:\n${numbered.map((passage, order) => passageLine(order + 1, passage)).join('\n')}`,
          ]
            .filter(Boolean)
            .join('\n\n'),
        });
        positions.forEach((position, order) => {
          const item = output.answers[order];
          const answer = item?.answer.trim();
          if (!answer) return;
          const citedAll = (item!.evidence ?? [])
            .map((number) => numbered[number - 1])
            .filter((passage): passage is Passage => Boolean(passage));
          const cited = citedAll[0];
          shown[position] = citedAll;
          const source = cited ?? retrieved[position]![0]!;
          results[position] = {
            answer,
            failed: false,
            model,
            evidence: source.text,
            ...(source.url ? { sourceUrl: source.url } : {}),
          };
        });
      };
      try {
        await ask(batch, '');
        // Answers far outside the chosen length are asked for once more.
        const off = batch.filter(
          (position) => !results[position]!.failed && lengthOff(results[position]!.answer, length),
        );
        if (off.length > 0) {
          const previous = off.map((position) => ({ ...results[position]! }));
          await ask(
            off,
            '前回の回答は指定の文字数から大きく外れていました。文字数を必ず守ってください。',
          ).catch(() => undefined);
          off.forEach((position, order) => {
            if (lengthOff(results[position]!.answer, length)) results[position] = previous[order]!;
          });
        }
        await checkFigures(batch, ask);
      } catch {
        // A stopped run's unanswered batch was not made (nor failed); each question of a
        // failed batch stays '回答の生成に失敗しました'. Neither is charged.
        if (run.signal?.aborted) {
          for (const position of batch)
            results[position] = { ...results[position]!, cancelled: true };
          return;
        }
      }
      onSettled?.(
        batch.length,
        new Map(batch.map((position) => [position, results[position]!] as const)),
      );
    }),
  );
  return results;
}

/** The prompt's note for answers written once more: each question's figures the material lacks. */
function rewriteNote(phrasesOf: string[][]): string {
  return [
    '前回の回答には、資料に見つからない値がありました。',
    ...phrasesOf.map(
      (phrases, order) =>
        `Q${order + 1}の回答: ${phrases.map((phrase) => `「${phrase}」`).join('')}`,
    ),
    '金額・時間・日付・数・連絡先は資料に書かれているとおりに書き、資料にない値は書かないでください。',
  ].join('\n');
}

/** Two answers that say the same thing (a regeneration that changed nothing). */
export function sameAnswer(left: string, right: string): boolean {
  const plain = (text: string) => normalizeText(text).replace(/\s/g, '');
  return plain(left) === plain(right);
}
