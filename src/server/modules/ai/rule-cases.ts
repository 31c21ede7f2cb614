import { LEANS_BACK, POINTS_ELSEWHERE } from './fact-patterns.ts';
import { MONEY, nonGlobal, type Intent } from './intent-types.ts';
import { normalizeText } from './japanese.ts';
import type { Passage } from './passages.ts';

/**
 * The other cases of the rule an intent asks about. A page tells a policy one case at a time
 * (「前日17:00までは無料です。」 then 「当日のキャンセルは施術料金の100%を頂戴します。」, or 「整体
 * のみなら直後の入浴も大丈夫です。」 then 「鍼をした場合は2時間空けてください。」): the sentence the
 * intent found answers one case, and alone it misleads, since the customer reads it as the
 * whole rule. So the nearby sentences of the same section that state the same topic (and, for an
 * intent whose answer is a value, a value of that shape) come with it at any length.
 */

// How far from the evidence a case may stand: a policy is told in a few sentences; further off,
// the section has moved on.
const REACH = 5;
const MAX_CASES = 2;

// 「当日以外でしたら料金は発生いたしません」: that nothing is charged is a fee's value too.
const NO_CHARGE =
  /(?:料|料金|費用)は(?:一切)?(?:かかり|発生(?:いたし|し)|いただき|頂き|頂戴いたし)ません/;

function statesTheRule(
  intent: Intent,
  passage: Passage,
  distance: number,
  chargedCase: boolean,
): boolean {
  const text = normalizeText(passage.text);
  // 「手持ち花火可」 is a whole rule in six characters.
  if (text.length < 5 || text.length > 200) return false;
  if (intent.not && nonGlobal(intent.not).test(text)) return false;
  // An item of a list (「年末年始 : 12/31〜1/3」 under 「年単位の休塾予定」) has its kind in the heading.
  const said = passage.kind === 'pair' ? `${normalizeText(passage.section)} ${text}` : text;
  const valued = !intent.value || nonGlobal(intent.value).test(said) || NO_CHARGE.test(text);
  if (!valued) return false;
  // The sentence right after a case may state the next without naming the topic again (「当日
  // 以外でしたら料金は発生いたしません」 after the same-day cancellation's 100%).
  if (
    !nonGlobal(intent.topic).test(text) &&
    !(chargedCase && NO_CHARGE.test(text) && distance <= 2)
  )
    return false;
  // A sentence that leans on another (「上記の場合は…」) or points elsewhere brings its own gap.
  if (LEANS_BACK.test(text) || POINTS_ELSEWHERE.test(text)) return false;
  return !/[？?]$/.test(text);
}

/**
 * The sentences near the evidence, in its section, that state another case of the intent's rule,
 * nearest first, or for an item of a 「項目：値」 list (夏季休塾, 冬季休塾, 年末年始) the other items
 * of it on the same topic; none when the evidence is a page's own answer or a table's row (a row
 * is one item, and the other rows are other items).
 */
export function otherCases(intent: Intent, passages: Passage[], run: Passage[]): Passage[] {
  const first = run[0]!;
  const last = run.at(-1)!;
  if (first.kind !== 'sentence' && first.kind !== 'pair') return [];
  const inRun = new Set(run.map((line) => line.index));
  // A case that charges (「当日料金の100%」) is answered by the one that does not.
  const chargedCase = run.some((line) => MONEY.test(line.text));
  const cases: Passage[] = [];
  for (let distance = 1; distance <= REACH && cases.length < MAX_CASES; distance++)
    for (const index of [first.index - distance, last.index + distance]) {
      const passage = passages[index];
      if (!passage || inRun.has(index) || cases.length >= MAX_CASES) continue;
      if (passage.kind !== first.kind || passage.sectionId !== first.sectionId) continue;
      if (passage.url !== first.url) continue;
      if (statesTheRule(intent, passage, distance, chargedCase)) cases.push(passage);
    }
  return cases;
}
