import { z } from 'zod';
import type { ExportDocument, ExportItem } from './generations.ts';
import { flagNote } from './figure-flags.ts';

/**
 * Every export comes in two kinds (docs/adr/030-public-and-review-exports.md):
 * - public (公開用): questions and answers only, to put on a website as they are;
 * - review (確認用): also the source (出典), the passage the answer rests on (根拠), the 要確認
 *   notes and, in Word, the questions the page left unanswered: the owner's working copy.
 * An export that does not say which is public: what leaves the product by default must be
 * publishable.
 */
export const EXPORT_VARIANTS = ['public', 'review'] as const;
export type ExportVariant = (typeof EXPORT_VARIANTS)[number];
export const DEFAULT_EXPORT_VARIANT: ExportVariant = 'public';

export const EXPORT_VARIANT_INVALID = '出力の種類は「公開用」か「確認用」を選んでください';

export const exportVariantSchema = z.enum(EXPORT_VARIANTS, { error: EXPORT_VARIANT_INVALID });

/** The options every export takes; an absent variant is 公開用. */
export const exportOptionsSchema = z.object({
  variant: exportVariantSchema.default(DEFAULT_EXPORT_VARIANT),
});
export type ExportOptions = z.input<typeof exportOptionsSchema>;

export const EXPORT_VARIANT_LABELS: Record<ExportVariant, { label: string; description: string }> =
  {
    public: { label: '公開用', description: '質問と回答のみ。ウェブサイトにそのまま載せられます' },
    review: { label: '確認用', description: '根拠・出典・要確認の印つき。社内の確認に' },
  };

/** Multi-expert items carry their final text in integratedAnswer (the answer edits keep both). */
export function finalAnswer(item: Pick<ExportItem, 'answer' | 'integratedAnswer'>): string {
  return item.integratedAnswer || item.answer;
}

/** The review copy's file name says so, so the two never overwrite or pass for each other. */
export const exportTitleSuffix = (variant: ExportVariant) =>
  variant === 'review' ? '（確認用）' : '';

/**
 * An answer shorter than the length asked for. What it says is what the engine did (it answers
 * only from what the page says on the question), not a claim that the page says little: blind
 * graders read the old 「ページの記載が少ないため」 as false wherever the page held a condition the
 * answer left out.
 */
export const BELOW_LENGTH_TEXT =
  '質問に直接関係するページの記載だけで答えたため、指定より短い回答です';
export const BELOW_LENGTH_NOTE = `要確認: ${BELOW_LENGTH_TEXT}`;

/** The results screen says it once above the answers when most are short, not under each. */
export const saysShortOnce = (shortAnswers: number, answers: number) =>
  shortAnswers > 1 && shortAnswers * 2 > answers;

export const shortAnswersSummary = (shortAnswers: number) =>
  `${shortAnswers}件の回答は、質問に直接関係するページの記載だけで答えたため、指定した長さより短くなっています。ページにない内容は書き足していません。`;

/**
 * The notes an item carries in the public copy too: an answer still flagged 要確認 by the
 * figure check is not publishable as it is, so whatever copy it is in says so (ADR 036).
 */
export function publicNotes(item: ExportItem): string[] {
  const flag = flagNote(item);
  return flag ? [flag] : [];
}

/** The notes of the chosen copy for one item. */
export const notesFor = (item: ExportItem, variant: ExportVariant): string[] =>
  variant === 'review' ? reviewNotes(item) : publicNotes(item);

/** The 要確認 notes of one item, for the review copy. */
export function reviewNotes(item: ExportItem): string[] {
  const flag = flagNote(item);
  return [...(flag ? [flag] : []), ...(item.belowLength ? [BELOW_LENGTH_NOTE] : [])];
}

/**
 * The document as the chosen variant shows it: the public copy loses every internal line
 * (出典, 根拠, 要確認, the unanswered appendix), so no renderer can leak one by forgetting a check.
 * Throws the zod error for a variant that is neither.
 */
export function documentForVariant(
  document: ExportDocument,
  options: ExportOptions = {},
): ExportDocument & { variant: ExportVariant } {
  const { variant } = exportOptionsSchema.parse(options);
  if (variant === 'review') return { ...document, variant };
  return {
    title: document.title,
    variant,
    items: document.items.map((item) => ({
      question: item.question,
      answer: item.answer,
      ...(item.expertAnswers?.length ? { expertAnswers: item.expertAnswers } : {}),
      ...(item.integratedAnswer ? { integratedAnswer: item.integratedAnswer } : {}),
      // An unchecked figure stays marked in every copy (ADR 036).
      ...(item.unverified?.phrases.length ? { unverified: item.unverified } : {}),
    })),
  };
}
