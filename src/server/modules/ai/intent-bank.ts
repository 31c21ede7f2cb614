import { otherTiers, sentenceRun } from './answer-parts.ts';
import { LEANS_BACK, POINTS_ELSEWHERE } from './fact-patterns.ts';
import { normalizeText } from './japanese.ts';
import { passagesOf, type Passage, type SourcePage } from './passages.ts';
import { otherCases } from './rule-cases.ts';
import type { Polarity } from './question-candidate.ts';
import { nonGlobal } from './intent-types.ts';
import { INTENTS, SECTOR_WORDS, topicMatches, type Intent, type Sector } from './intents.ts';

/**
 * What customers of a small business ask, whatever the page says (the table is intents.ts), and
 * where a page answers it: the passage that states the value, preferring the one under a
 * heading that names the topic. The offline engine asks the intents whose evidence it finds
 * (intent-questions.ts); the results screen lists the ones a page leaves unanswered.
 */
export type { Intent, Sector } from './intents.ts';

/** The common intents: kept as the first list other modules read. */
export const COMMON_INTENTS: Intent[] = INTENTS.filter((intent) => intent.sectors === 'common');

/** The sectors a text belongs to: two different sector words at least (one is chance). */
export function sectorsOf(text: string): Set<Sector> {
  const sectors = new Set<Sector>();
  for (const [sector, words] of Object.entries(SECTOR_WORDS) as [Sector, RegExp][]) {
    const distinct = new Set(Array.from(text.matchAll(words), (match) => match[0]));
    if (distinct.size >= 2) sectors.add(sector);
  }
  return sectors;
}

/** The intents that apply to a page of these sectors, in the order customers care about. */
export function intentsFor(sectors: Set<Sector>): Intent[] {
  return INTENTS.filter(
    (intent) => intent.sectors === 'common' || intent.sectors.some((sector) => sectors.has(sector)),
  );
}

export interface IntentEvidence {
  passage: Passage;
  /** 「{name}」 filled with the word the evidence uses, or the default word. */
  question: string;
  polarity?: Polarity;
  /** What the answer says besides its evidence (otherCases). */
  alongside: Passage[];
}

function score(intent: Intent, passage: Passage): number {
  const text = normalizeText(passage.text);
  const heading = normalizeText(`${passage.section} ${passage.label ?? ''} ${passage.named ?? ''}`);
  const inText = nonGlobal(intent.topic).test(text);
  const inHeading = nonGlobal(intent.topic).test(heading);
  if (!inText && !inHeading) return -Infinity;
  // Not every line under a heading that names the topic is its fact (under 「開講クラスと体験
  // レッスンについて」, 「単発教室: 年中~」 or 「こんな場所です。」): an intent whose answer has no
  // shape to look for needs its topic in the line itself.
  if (!inText && !intent.value && !intent.yes && !intent.no) return -Infinity;
  // 「入会金 5000円 (体験レッスン日より1週間以内の場合4000円)」 is the entrance fee's line: a topic
  // named only in its bracketed note is not what it states.
  if (inText && !inHeading && !nonGlobal(intent.topic).test(withoutBrackets(text)))
    return -Infinity;
  if (intent.not && nonGlobal(intent.not).test(text)) return -Infinity;
  if (intent.value && !nonGlobal(intent.value).test(text)) return -Infinity;
  // A long passage says many things: its answer would bury the one asked for. A heading-like
  // line (「駐車場について」) states nothing.
  if (text.length > 220 || /について[)）]?$|について[（(][^）)]*[）)]$/.test(text))
    return -Infinity;
  // A bracketed remnant (「(定休日の水曜日を除く)」「当日持ち物)」) or a bare label states nothing.
  const unbalanced = (text.match(/[)）]/g)?.length ?? 0) > (text.match(/[(（]/g)?.length ?? 0);
  if (text.length < 8 || /^[(（]/.test(text) || unbalanced) return -Infinity;
  // 「但し、…」「それ以外は…」 qualify the sentence before them, and 「上記の…」 points back to
  // it: alone they answer nothing.
  if (/^(?:ただし|但し|その他)/.test(text) || LEANS_BACK.test(text)) return -Infinity;
  // Anywhere in the sentence, a pointer to what the page says elsewhere (「上記以降にキャンセルした
  // 場合は…」「そのため、…」「下記をお伺いしております」) leaves the answer without its half.
  if (POINTS_ELSEWHERE.test(text)) return -Infinity;
  // A yes/no intent needs evidence that says yes or no (「駐車場の利用は自己責任で」 does not).
  if ((intent.yes || intent.no) && !polarityOf(intent, passage)) return -Infinity;
  // Nor does a yes or no said only in brackets (「開園期間は…です(…日曜祝日は午前に限り要予約…)」):
  // the sentence states something else.
  if ((intent.yes || intent.no) && !polarityOf(intent, { ...passage, text: withoutBrackets(text) }))
    return -Infinity;
  const shape = passage.kind === 'sentence' ? 0 : 0.5;
  // A sentence that opens on a case (「返却期限日が定休日の水曜日の場合、…」「一緒にお食事をされる
  // 場合などは…」) answers that case: a plain statement of the rule answers the question better.
  // When the case is the topic itself (「キャンセルする際は、前日18時までにご連絡」「ご予約の際は」)
  // the sentence is the rule.
  const opening = CASE_OPENING.exec(text);
  const caseIsTopic =
    opening !== null &&
    (endsOnTopic(intent, opening[1]!) ||
      (!!intent.circumstance && nonGlobal(intent.topic).test(opening[1]!)));
  if (opening && !caseIsTopic) {
    // The topic named only inside the case (「返却期限日が定休日の水曜日の場合」 to 「定休日は
    // いつですか？」) is not what the sentence states: it answers another question.
    const rest = text.slice(opening[0].length);
    if (inText && !nonGlobal(intent.topic).test(rest) && !inHeading) return -Infinity;
  }
  // A yes or no that holds in one case (「空室がある場合は、新たにご予約をお願い致します」) is no
  // answer to whether it holds at all.
  if (opening && !caseIsTopic && (intent.yes || intent.no)) return -Infinity;
  const onlyACase = opening && !caseIsTopic ? 2 : 0;
  return (inText ? 2 : 0) + (inHeading ? 1.5 : 0) + shape - onlyACase - text.length / 300;
}

const withoutBrackets = (text: string) => text.replace(/[（(][^）)]*[）)]/g, '');

/** Whether the words end on the intent's topic (「ご予約」, not 「定休日の水曜日」). */
function endsOnTopic(intent: Intent, words: string): boolean {
  return topicMatches(intent, words).some(
    (match) => match.index + match[0].length === words.length,
  );
}

// The case a sentence opens on, and the words before its 場合／際／とき.
const CASE_OPENING =
  /^([^。]{2,40}?)(?:する|される|なさる|の|を(?:ご)?希望(?:する|される)?|を行う|を行った)?(?:場合|際|とき)(?:など)?[はにも、,]/;

function phrased(intent: Intent, passage: Passage, alongside: Passage[] = []): string {
  if (!intent.question.includes('{name}')) return intent.question;
  const where = normalizeText(
    [
      passage.section,
      passage.label ?? '',
      passage.text,
      ...alongside.map((other) => other.text),
    ].join(' '),
  );
  // 「チェックイン・チェックアウト」「年末年始やお盆」 name both only where the answer tells both.
  const name =
    intent.names?.find((word) => word.split(/[・や]/).every((part) => where.includes(part))) ??
    intent.names?.[0] ??
    '';
  return intent.question.replace('{name}', name);
}

function polarityOf(intent: Intent, passage: Passage): Polarity | undefined {
  const text = normalizeText(passage.text);
  const no = intent.no && nonGlobal(intent.no).test(text);
  const yes = intent.yes && nonGlobal(intent.yes).test(text);
  if (no && !yes) return 'no';
  if (yes && !no) return 'yes';
  return undefined;
}

/** Whether the page's own よくある質問 already asks this intent (then it is not asked twice). */
export function askedByPage(intent: Intent, passages: Passage[]): boolean {
  return passages.some(
    (passage) =>
      passage.kind === 'qa' && nonGlobal(intent.topic).test(normalizeText(passage.label ?? '')),
  );
}

/** The passage that best answers the intent, or null when the page does not answer it. */
export function evidenceFor(intent: Intent, passages: Passage[]): IntentEvidence | null {
  let best: Passage | null = null;
  let bestScore = -Infinity;
  for (const passage of passages) {
    if (passage.kind === 'qa') continue;
    let value = score(intent, passage);
    if (value === -Infinity) continue;
    // A line the page wrapped is answered with the rest of its sentence, which may point
    // elsewhere (「…ご迷惑がかかってしまうため、」 then 「以下のルールを設けて…」).
    const run = sentenceRun(passages, passage);
    if (run.length > 1 && POINTS_ELSEWHERE.test(run.map((line) => line.text).join(''))) continue;
    if (intent.exceptions && nonGlobal(intent.exceptions).test(normalizeText(passage.text)))
      value -= 3;
    // One step of a schedule (「前日:50%」) is answered with the others: the schedule is the
    // rule a customer asks about, more than a sentence on one case.
    // A whole schedule (a row of three steps or more) is the answer even over a sentence that names the
    // topic in its own words (「お振込みいただいたキャンセル手数料の80%を…充当」 under a heading of
    // its own beside 「20日前まで 無料／19~11日前まで 30%／…」).
    const tiers = otherTiers(passages, passage).length;
    if (tiers > 0) value += tiers >= 2 && passage.text.length <= 40 ? 2.5 : 1.5;
    // The first sentence under a heading states its rule; the ones after it add the details
    // (under 「お支払い方法について」, 「毎月27日に…口座より自動振替させて頂きます」 before 「自動振替の
    // 際の引き落とし名義は…」).
    const before = passages[passage.index - 1];
    if (passage.section && (!before || before.sectionId !== passage.sectionId)) value += 0.3;
    if (value > bestScore) {
      best = passage;
      bestScore = value;
    }
  }
  if (!best) return null;
  const polarity = polarityOf(intent, best);
  const alongside = otherCases(intent, passages, sentenceRun(passages, best));
  return {
    passage: best,
    question: phrased(intent, best, alongside),
    ...(polarity ? { polarity } : {}),
    alongside,
  };
}

/** An intent customers will ask about that the content gives no answer to. */
export interface UnansweredIntent {
  id: string;
  question: string;
}

/** The common intents whose evidence the pages do not hold, in the order customers care. */
export function unansweredIntents(pages: SourcePage[], limit = 5): UnansweredIntent[] {
  const passages = passagesOf(pages);
  const text = normalizeText(pages.map((page) => `${page.title}\n${page.markdown}`).join('\n'));
  return intentsFor(sectorsOf(text))
    .filter((intent) => intent.listed)
    .filter((intent) => !askedByPage(intent, passages) && !evidenceFor(intent, passages))
    .slice(0, limit)
    .map((intent) => ({ id: intent.id, question: phrased(intent, emptyPassage) }));
}

const emptyPassage: Passage = {
  index: 0,
  kind: 'sentence',
  url: '',
  section: '',
  sectionId: 0,
  text: '',
};

/**
 * The questions customers of such a business ask, worded for a model's prompt: a model told
 * what customers want asks it first instead of echoing the page's sentences.
 */
export function customerQuestionsFor(pages: SourcePage[], limit = 15): string[] {
  const text = normalizeText(pages.map((page) => `${page.title}\n${page.markdown}`).join('\n'));
  return intentsFor(sectorsOf(text))
    .slice(0, limit)
    .map((intent) => phrased(intent, emptyPassage));
}
