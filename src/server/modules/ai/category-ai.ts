import {
  expertOutputSchema,
  integratedOutputSchema,
  questionsOutputSchema,
} from '../../../shared/ai.ts';
import type { z } from 'zod';
import type { AnswerLength } from '../../../shared/limits.ts';
import {
  type AiRun,
  type ModelAnswer,
  callOnChain,
  lengthOff,
  lengthRule,
  system,
} from './model-run.ts';
import { loadAnalyzer } from './japanese.ts';
import { dedupeQuestions } from './question-dedupe.ts';
import { mismatchNote, unbackedSpecifics } from './figure-check.ts';
import type { DraftQuestion } from './offline-engine.ts';

/**
 * Category mode: questions about a field answered by up to five expert roles, then one
 * integrated answer. It has no content to work from, so it needs a language model: the offline
 * engine offers the question checklist only, and nothing canned is ever passed off (or charged)
 * as an answer.
 */
export interface CategoryInput {
  name: string;
  path: string;
  responders: string[];
}

const CATEGORY_CHECKLIST = [
  '{c}とは何ですか？',
  '{c}を利用するメリットは何ですか？',
  '{c}の費用の目安はどのくらいですか？',
  '{c}を選ぶときに注意すべき点は何ですか？',
  '{c}を始めるには何から準備すればよいですか？',
  '{c}でよくあるトラブルと対処法を教えてください。',
  '{c}について相談できる窓口はありますか？',
  '{c}に必要な期間はどのくらいですか？',
  '{c}のデメリットやリスクはありますか？',
  '{c}で初心者が知っておくべきことは何ですか？',
  '{c}の最新の動向を教えてください。',
  '{c}を比較検討する際のポイントは何ですか？',
  '{c}で必要な書類や手続きはありますか？',
  '{c}を依頼する専門家の選び方を教えてください。',
  '{c}の効果を高めるコツはありますか？',
];

/** The offline checklist: questions worth answering, offered free since no answer comes with them. */
export function categoryChecklist(category: string, count: number): DraftQuestion[] {
  return CATEGORY_CHECKLIST.slice(0, count).map((template) => ({
    question: template.replaceAll('{c}', category),
  }));
}

export async function generateCategoryQuestions(
  run: AiRun,
  category: CategoryInput,
  count: number,
  avoid: string[] = [],
): Promise<DraftQuestion[]> {
  if (run.engine.kind === 'offline') return categoryChecklist(category.name, count);
  const analyzer = await loadAnalyzer();
  const kept: DraftQuestion[] = [];
  // Top-up rounds: de-duplication can leave fewer than asked; ask again avoiding what exists.
  for (let round = 0; round < 3 && kept.length < count; round++) {
    const missing = count - kept.length;
    const batches = Math.ceil((missing * 1.2) / 25);
    const results = await Promise.all(
      Array.from({ length: batches }, async (_, index) => {
        const { output } = await callOnChain(run, {
          schema: questionsOutputSchema,
          system: system(run),
          prompt: [
            `カテゴリー「${category.path}」について、一般の利用者がよく尋ねる質問を${Math.min(25, Math.ceil((missing * 1.2) / batches))}個作成してください。`,
            `回答者は ${category.responders.join('、')} です。回答者が専門的に答えられる質問にしてください。`,
            batches > 1
              ? `観点を分担しています。あなたの担当は${index + 1}/${batches}番目の観点です。`
              : '',
            avoidList([...avoid, ...kept.map((item) => item.question)]),
          ]
            .filter(Boolean)
            .join('\n'),
        });
        return output.questions.map((question) => ({ question }));
      }),
    );
    kept.push(
      ...dedupeQuestions(analyzer, results.flat(), [
        ...avoid,
        ...kept.map((item) => item.question),
      ]),
    );
  }
  return kept.slice(0, count);
}

export function avoidList(questions: string[]): string {
  if (questions.length === 0) return '';
  return `次の質問はすでにあるため、同じ内容の質問は作らないでください:\n${questions
    .slice(-120)
    .map((question) => `- ${question}`)
    .join('\n')}`;
}

/**
 * One answer from the chain, asked once more when it is far outside the chosen length; the
 * closer of the two is kept.
 */
async function answerWithinLength<SCHEMA extends z.ZodType>(
  run: AiRun,
  length: AnswerLength,
  schema: SCHEMA,
  prompt: string,
  textOf: (output: z.infer<SCHEMA>) => string,
): Promise<ModelAnswer | null> {
  const ask = async (extra: string) => {
    const { output, model } = await callOnChain(run, {
      schema,
      system: system(run),
      prompt: [prompt, extra].filter(Boolean).join('\n\n'),
    });
    const answer = textOf(output).trim();
    return answer ? { answer, model } : null;
  };
  const first = await ask('');
  let chosen = first;
  if (first && lengthOff(first.answer, length)) {
    const second = await ask(
      '前回の回答は指定の文字数から大きく外れていました。文字数を必ず守ってください。',
    ).catch(() => null);
    chosen = second && !lengthOff(second.answer, length) ? second : first;
  }
  return chosen && withoutUnbacked(chosen, ask);
}

/**
 * An answer from general knowledge that names a specific price, phone number, URL or address
 * is written once more without them; one that still names any is kept and flagged 要確認
 * (docs/adr/036-figure-check.md).
 */
async function withoutUnbacked(
  answer: ModelAnswer,
  ask: (extra: string) => Promise<ModelAnswer | null>,
): Promise<ModelAnswer> {
  const first = unbackedSpecifics(answer.answer);
  if (first.length === 0) return answer;
  const again = await ask(mismatchNote(first, true)).catch(() => null);
  const left = again ? unbackedSpecifics(again.answer) : first;
  const kept = again && left.length <= first.length ? again : answer;
  const still = kept === again ? left : first;
  return { ...kept, rewrittenFor: first, ...(still.length > 0 ? { unverified: still } : {}) };
}

export async function generateExpertAnswer(
  run: AiRun,
  input: { question: string; expert: string; category: CategoryInput; length: AnswerLength },
): Promise<ModelAnswer | null> {
  if (run.engine.kind === 'offline') return null;
  return answerWithinLength(
    run,
    input.length,
    expertOutputSchema,
    [
      `あなたは「${input.expert}」です。カテゴリー「${input.category.path}」に関する次の質問に、${input.expert}の専門的な視点から回答してください。`,
      lengthRule(input.length),
      `質問: ${input.question}`,
    ].join('\n\n'),
    (output) => output.answer,
  ).catch(() => null);
}

export async function generateIntegratedAnswer(
  run: AiRun,
  input: {
    question: string;
    expertAnswers: { expert: string; answer: string }[];
    length: AnswerLength;
  },
): Promise<ModelAnswer | null> {
  if (run.engine.kind === 'offline') return null;
  return answerWithinLength(
    run,
    input.length,
    integratedOutputSchema,
    [
      '次の質問に対する複数の専門家の回答を踏まえ、利用者にとってわかりやすい統合回答を作成してください。',
      lengthRule(input.length),
      `質問: ${input.question}`,
      input.expertAnswers.map((item) => `【${item.expert}】${item.answer}`).join('\n'),
    ].join('\n\n'),
    (output) => output.integratedAnswer,
  ).catch(() => null);
}
