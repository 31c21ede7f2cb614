import { CheckCircle2, TriangleAlert } from 'lucide-react';
import {
  FLAG_CHARGE_NOTE,
  UNVERIFIED_LABEL,
  flagNote,
  markedParts,
} from '../../shared/figure-flags.ts';
import type { FaqItem } from '../../shared/generations.ts';
import { Button } from './ui/button.tsx';

/**
 * 要確認 of one FAQ (docs/adr/036-figure-check.md): the answer with the figures the check could
 * not find in the page marked, and, for the owner, a way to clear the flag once checked. The
 * answer is model output: it is rendered as text spans, never as HTML.
 */
export function FigureFlag({
  item,
  index,
  onClear,
  clearing = false,
}: {
  item: Pick<
    FaqItem,
    'answer' | 'integratedAnswer' | 'unverified' | 'rewrittenFor' | 'checkedByOwner'
  >;
  index: number;
  /** Absent where the owner cannot act (a read-only view). */
  onClear?: (index: number) => void;
  clearing?: boolean;
}) {
  const phrases = item.unverified?.phrases ?? [];
  if (phrases.length === 0) {
    if (item.checkedByOwner)
      return (
        <p className="mt-1 flex items-center gap-1 text-xs text-slate-600">
          <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5 text-green-700" />
          値を確認済み（{item.checkedByOwner.phrases.map((phrase) => `「${phrase}」`).join('')}）
        </p>
      );
    if (item.rewrittenFor?.length)
      return (
        <p className="mt-1 text-xs text-slate-600">
          ページと合わない値（{item.rewrittenFor.map((phrase) => `「${phrase}」`).join('')}
          ）があったため、回答を書き直しました。
        </p>
      );
    return null;
  }
  const answer = item.integratedAnswer || item.answer;
  return (
    <div
      className="mt-2 space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid={`figure-flag-${index}`}
    >
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-700" />
        <span className="shrink-0 whitespace-nowrap rounded-full bg-amber-200 px-2 py-0.5 text-xs">
          {UNVERIFIED_LABEL}
        </span>
        <span>{flagNote(item)?.replace(`${UNVERIFIED_LABEL}: `, '')}</span>
      </p>
      <p className="leading-relaxed" aria-label={`A${index + 1}の要確認の箇所`}>
        {markedParts(answer, phrases).map((part, position) =>
          part.marked ? (
            <mark key={position} className="rounded bg-amber-300 px-0.5 text-amber-950">
              {part.text}
            </mark>
          ) : (
            <span key={position}>{part.text}</span>
          ),
        )}
      </p>
      {onClear && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onClear(index)}
          disabled={clearing}
          aria-label={`A${index + 1}の値を確認済みにする`}
        >
          確認済みにする
        </Button>
      )}
    </div>
  );
}

/** Above the answers when any is flagged: how many, what to do, and what it costs. */
export function FigureFlagSummary({ items }: { items: Pick<FaqItem, 'unverified' | 'failed'>[] }) {
  const flagged = items.filter((item) => !item.failed && item.unverified?.phrases.length).length;
  if (flagged === 0) return null;
  return (
    <p
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="figure-flag-summary"
    >
      {flagged}件の回答は{UNVERIFIED_LABEL}
      です。ページ（根拠）に見つからない値を印で示しています。ページと見比べて、正しければ「確認済みにする」、違っていれば回答を直してください。
      {FLAG_CHARGE_NOTE}
    </p>
  );
}
