import type { FaqItem } from './generations.ts';

/**
 * 要確認 of the figure check (docs/adr/036-figure-check.md), as every screen and file words it.
 * A flagged answer is kept, shown with its phrases marked, and charged like any answer made.
 */
export const UNVERIFIED_LABEL = '要確認';

export const unverifiedNote = (phrases: readonly string[]) =>
  `${UNVERIFIED_LABEL}: ページ（根拠）に見つからない値があります（${phrases.map((phrase) => `「${phrase}」`).join('')}）`;

/** Category mode: nothing backs a specific figure of an expert's answer. */
export const unbackedNote = (phrases: readonly string[]) =>
  `${UNVERIFIED_LABEL}: 根拠のない具体的な値があります（${phrases.map((phrase) => `「${phrase}」`).join('')}）`;

/** The note for one item, whichever mode made it. */
export function flagNote(item: Pick<FaqItem, 'unverified'>): string | null {
  const phrases = item.unverified?.phrases ?? [];
  if (phrases.length === 0) return null;
  return item.unverified?.noSource ? unbackedNote(phrases) : unverifiedNote(phrases);
}

/** The progress line while answers stating figures their page lacks are written once more. */
export const figureRewritesNote = (count: number) => `ページと合わない値の${count}件を書き直し中`;

/** What a finished run says when some answers kept a figure the check could not find. */
export function withFlaggedNote(message: string, flagged: number): string {
  return flagged > 0
    ? `${message}。${flagged}件の回答は${UNVERIFIED_LABEL}です（ページに見つからない値があります。確認してから公開してください）`
    : message;
}

/** What the screens say about the cost (ADR 036). */
export const FLAG_CHARGE_NOTE =
  '要確認の回答も作成した回答として1件1クレジットです。書き直しの分はかかりません。';

/**
 * An answer cut into plain text and the phrases to mark, in order, for a screen or a file to
 * render each part as text (never as HTML).
 */
export function markedParts(
  answer: string,
  phrases: readonly string[],
): { text: string; marked: boolean }[] {
  const wanted = [...new Set(phrases)]
    .filter(Boolean)
    .sort((left, right) => right.length - left.length);
  const parts: { text: string; marked: boolean }[] = [];
  let rest = answer;
  while (rest.length > 0 && wanted.length > 0) {
    let first = -1;
    let phrase = '';
    for (const candidate of wanted) {
      const at = rest.indexOf(candidate);
      if (at >= 0 && (first < 0 || at < first)) {
        first = at;
        phrase = candidate;
      }
    }
    if (first < 0) break;
    if (first > 0) parts.push({ text: rest.slice(0, first), marked: false });
    parts.push({ text: phrase, marked: true });
    rest = rest.slice(first + phrase.length);
  }
  if (rest.length > 0) parts.push({ text: rest, marked: false });
  return parts;
}
