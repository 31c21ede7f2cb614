import {
  GENERATION_STATUS_LABELS,
  exportableItems,
  isDraft,
  readGenerationInput,
  type ExportItem,
  type FaqItem,
  type GenerationSummary,
} from '../../../shared/generations.ts';
import { paths } from '../../config/paths.ts';

export const DRAFT_LABEL = '質問を選択待ち';

/**
 * docs/spec.md §3: completed, failed and cancelled (stopped by the owner, ADR 032) are final; a
 * draft waits for the user at its questions; any other status is shown as generating.
 */
export function statusLabel(status: string, stage?: string): { label: string; className: string } {
  if (status === 'completed')
    return { label: GENERATION_STATUS_LABELS.completed, className: 'bg-green-100 text-green-800' };
  if (status === 'failed')
    return { label: GENERATION_STATUS_LABELS.failed, className: 'bg-red-100 text-red-800' };
  if (status === 'cancelled')
    return { label: GENERATION_STATUS_LABELS.cancelled, className: 'bg-slate-200 text-slate-800' };
  if (stage && isDraft({ stage: stage as GenerationSummary['stage'] }))
    return { label: DRAFT_LABEL, className: 'bg-sky-100 text-sky-800' };
  return { label: GENERATION_STATUS_LABELS.generating, className: 'bg-amber-100 text-amber-800' };
}

/** Work is running on the server (not waiting for the user to pick questions). */
export function isRunning(record: Pick<GenerationSummary, 'status' | 'stage'>): boolean {
  return (
    record.status !== 'completed' &&
    record.status !== 'failed' &&
    record.status !== 'cancelled' &&
    (record.stage === 'fetching' || record.stage === 'answering')
  );
}

/**
 * A record whose FAQ opens in the results editor again (編集): finished, or stopped by 中止
 * after keeping answers; both end at stage completed (ADR 032). Older records without items
 * have nothing the editor could save to.
 */
export function canEditLater(
  record: Pick<GenerationSummary, 'status' | 'stage' | 'items'>,
): boolean {
  return (
    record.stage === 'completed' &&
    (record.status === 'completed' || record.status === 'cancelled') &&
    record.items.length > 0
  );
}

/** A record is a place: /generate opens it where it stands (its questions, progress or FAQ). */
export const recordHref = (id: string) => `${paths.generate}?draft=${encodeURIComponent(id)}`;

export type RecordSource =
  | { kind: 'url'; url: string }
  | { kind: 'text' }
  | { kind: 'category'; path: string; responders: string[] };

/** What the record was made from: the URL, pasted text, or 大分類 > 中分類 > 小分類. */
export function recordSource(
  record: Pick<GenerationSummary, 'method' | 'inputData'>,
): RecordSource {
  const input = readGenerationInput(record.inputData);
  if (record.method === 'category') {
    const parts = [input.major, input.medium, input.minor]
      .map((part) => part?.trim())
      .filter((part): part is string => !!part);
    return {
      kind: 'category',
      path: parts.length > 0 ? parts.join(' > ') : (input.categoryName?.trim() ?? ''),
      responders: (input.responders ?? []).filter((responder) => responder.trim()),
    };
  }
  return input.url ? { kind: 'url', url: input.url } : { kind: 'text' };
}

export const methodLabel = (source: RecordSource) =>
  source.kind === 'category' ? 'カテゴリー' : source.kind === 'url' ? 'URL' : 'テキスト';

export const isWebUrl = (value: string) => /^https?:\/\//i.test(value);

export function faqCount(record: GenerationSummary): number {
  return record.items.length || record.answers.length || record.questions.length;
}

export interface QuestionAndAnswer {
  question: string;
  /** Null when there is no answer: shown as '回答なし'. */
  answer: string | null;
  expertAnswers: { expert: string; answer: string }[];
  integrated: boolean;
  sourceUrl: string | null;
  /** The passage of the content the answer rests on (根拠). */
  evidence: string | null;
  /** The user rewrote the answer (編集済み). */
  edited: boolean;
  /** What the figure check said of the answer (要確認, rewritten, checked), when anything. */
  figures: Pick<
    FaqItem,
    'answer' | 'integratedAnswer' | 'unverified' | 'rewrittenFor' | 'checkedByOwner'
  > | null;
}

/** Answers of a record still flagged 要確認 (ADR 036). */
export const flaggedCount = (record: GenerationSummary): number =>
  record.items.filter((item) => !item.failed && item.unverified?.phrases.length).length;

/**
 * Q1..Qn for the detail modal. Items carry the full FAQ; records without items (older ones)
 * pair the questions and answers lists by position. A failed answer counts as no answer.
 */
export function questionsAndAnswers(record: GenerationSummary): QuestionAndAnswer[] {
  if (record.items.length > 0)
    return record.items.map((item) => {
      const integrated = !!item.integratedAnswer && !!item.expertAnswers?.length;
      const text = integrated ? item.integratedAnswer : item.answer;
      return {
        question: item.question,
        answer: item.failed || !text?.trim() ? null : text,
        expertAnswers: item.expertAnswers ?? [],
        integrated,
        sourceUrl: item.sourceUrl ?? null,
        evidence: item.failed ? null : (item.evidence ?? null),
        edited: item.edited === true,
        figures:
          !item.failed && (item.unverified || item.rewrittenFor || item.checkedByOwner)
            ? item
            : null,
      };
    });
  return record.questions.map((question, index) => ({
    question,
    answer: record.answers[index]?.trim() ? record.answers[index]! : null,
    expertAnswers: [],
    integrated: false,
    sourceUrl: null,
    evidence: null,
    edited: false,
    figures: null,
  }));
}

/** What "export again" writes: the approved, answered FAQs of the record. */
export function recordExportItems(record: GenerationSummary): ExportItem[] {
  if (record.items.length > 0) return exportableItems(record.items);
  return questionsAndAnswers(record).flatMap((entry) =>
    entry.answer ? [{ question: entry.question, answer: entry.answer }] : [],
  );
}
