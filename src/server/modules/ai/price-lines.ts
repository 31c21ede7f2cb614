/**
 * Prices as the lines of a page state them: a 「項目：値」 pair with the tax its heading gives, and
 * the caption a short line sets over the priced lines under it.
 */
import { PRICE_CELL } from './fact-patterns.ts';
import { GENERIC_CAPTION, PRICED_ITEM } from './line-kinds.ts';
import type { Passage } from './passages.ts';

/**
 * One 「項目：値」 fact. A price under a heading that says 税込／税別 keeps that word, so the
 * answer to 「カットはいくらですか？」 says what the menu says.
 */
export function pushPair(
  push: (passage: Omit<Passage, 'index' | 'url' | 'section' | 'sectionId'>) => void,
  text: string,
  rawName: string,
  rawValue: string,
  section: string,
): void {
  // 「区外は配達料 880円〜」: the item is 区外の配達料.
  const name = rawName.trim().replace(/^([^は]{1,10})は(.{2,})$/, '$1の$2');
  let value = rawValue
    .trim()
    .replace(/。$/, '')
    .replace(/(?:です|でございます)$/, '');
  const tax = /税込|税別|税抜/.exec(section)?.[0];
  if (tax && /円/.test(value) && !/税/.test(value)) value = `${value}（${tax}）`;
  push({ kind: 'pair', text, label: name, fields: [{ name, value }] });
}

/**
 * A short line that states nothing (「技人国(技術・人文知識・国際業務)」), right above two or
 * more priced rows or 「項目：値」 lines, is their caption: each of those prices is for it, and a
 * price said without it is another price (graders marked every such fee as missing its visa type).
 */
export function withCaptions(passages: Passage[]): Passage[] {
  for (const line of passages) {
    if (
      line.kind !== 'sentence' ||
      line.text.length > 30 ||
      /[。、！？]|ます$|です$/.test(line.text)
    )
      continue;
    const noun = line.text.replace(/[（(][^）)]*[）)]/g, '').trim();
    if (noun.length < 2 || noun.length > 12 || GENERIC_CAPTION.test(noun) || /\d/.test(noun))
      continue;
    const priced: Passage[] = [];
    for (let index = line.index + 1; ; index++) {
      const next = passages[index];
      if (!next || next.sectionId !== line.sectionId) break;
      if ((next.kind !== 'pair' && next.kind !== 'row') || !PRICE_CELL.test(next.text)) break;
      priced.push(next);
    }
    if (priced.length < 2) continue;
    for (const price of priced) if (!price.label?.includes(noun)) price.caption = noun;
  }
  return passages;
}

/**
 * A line listing priced items one after another (「デザインカット代 ¥500〜、おパンツ ¥1,000、ブレス
 * ¥1,000」): each item and its price, or nothing when any part is not one.
 */
export function pricedList(line: string): [name: string, value: string][] | undefined {
  // A comma inside a figure (「¥1,000」) or a bracket is no separator.
  const parts = line.split(/、(?![^（(]*[）)])|,(?!\d{3})/).map((part) => part.trim());
  if (parts.length < 2) return undefined;
  const items = parts.map((part) => PRICED_ITEM.exec(part));
  if (items.some((item) => !item)) return undefined;
  const pairs = items.map((item): [string, string] => [item![1]!, item![2]!]);
  // 「デザインカット代 ¥500〜、おパンツ ¥1,000、…」: the first names the fee, the others are its
  // kinds; asked one by one, 「おパンツはいくらですか？」 says nothing of what it is.
  const [[fee, from], ...kinds] = pairs as [[string, string], ...[string, string][]];
  if (/(?:代|料|料金)$/.test(fee) && kinds.every(([name]) => !/(?:代|料|料金)$/.test(name)))
    return [
      [
        fee,
        new Set(kinds.map(([, value]) => value)).size === 1
          ? `${from}（${kinds.map(([name]) => name).join('・')}は各${kinds[0]![1]}）`
          : `${from}（${kinds.map(([name, value]) => `${name}は${value}`).join('、')}）`,
      ],
    ];
  return pairs;
}
