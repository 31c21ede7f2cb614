import { otherTiers, sentenceRun } from './answer-parts.ts';
import { fieldQuestions } from './field-questions.ts';
import { evidenceFor, askedByPage, intentsFor, sectorsOf } from './intent-bank.ts';
import { normalizeText } from './japanese.ts';
import type { Passage } from './passages.ts';
import { tier, type QuestionCandidate } from './question-candidate.ts';
import { askKind } from './japanese.ts';
import { nonGlobal } from './intent-types.ts';
import { intentOfOrigin } from './intents.ts';

/**
 * Questions from customers' intents (issue 23, item 3): for each intent of the page's sectors
 * whose evidence the page holds, the customer's own question on the passage that answers it, in
 * the order customers care about; and one price question per main item of a price table or
 * list, named by its row (「入塾金はいくらですか？」), never with the price echoed back.
 */

const PRICE = /\d[\d,]*\s*(?:円|万円)|[¥￥]\s*\d/;
// Labels that name no item: a column or a heading word alone, a figure, a time or a unit.
const GENERIC_ITEM =
  /^(?:料金|価格|金額|費用|税込|税抜|備考|内容|時間|回数|その他|合計|小計|単価|一般|通常|基本|目安|例|項目|メニュー|コース|プラン|サービス|お値段|値段)$/;
// A name opening on a bracket (「(税抜」) is the remnant of a note, not an item.
const NOT_AN_ITEM =
  /\d[\d,]*\s*円|[:：]|[。、！？]|^\d|^[〜～~(（)）]|^(?:約|※)|(?:場合|とき|際|方|例|ごとに|毎に|には|では)$/;
const MAX_PRICE_ITEMS = 6;
const INTENT_PRIORITY = 4;

function itemName(passage: Passage): string {
  const label = normalizeText(passage.label ?? passage.named ?? '')
    .replace(/[「」【】]/g, ' ')
    .trim()
    .replace(/\s+/g, '・');
  const section = normalizeText(passage.section)
    .replace(/[（(][^）)]*[）)]/g, '')
    .trim();
  const usable = (name: string) =>
    name.length >= 2 && name.length <= 20 && !NOT_AN_ITEM.test(name) && !GENERIC_ITEM.test(name);
  if (usable(label)) return label;
  // 「料金：3,000円」 under 「カット」: the heading names the item the row prices.
  if (GENERIC_ITEM.test(label) && usable(section)) return section;
  return '';
}

function priceQuestion(item: string): string {
  return `${item}はいくらですか？`;
}

/** The price statement a row or pair makes (「入塾金は12,100円です。」), when field-questions has one. */
function priceStatement(passage: Passage): string | undefined {
  return fieldQuestions(passage).find((candidate) => PRICE.test(candidate.statement ?? ''))
    ?.statement;
}

/**
 * 「1時間600円 (10分毎に100円)」 under 「基本保育料金」: a figure with no subject is said with its
 * name (「基本保育料金は1時間600円 (10分毎に100円)です。」); a sentence of its own stays as it is.
 */
function namedPriceStatement(passage: Passage): string | undefined {
  const text = passage.text.replace(/。$/, '');
  if (!passage.named || !/^\d/.test(text) || /[。はがを]|ます$|です$/.test(text)) return undefined;
  return `${passage.named}は${text}です。`;
}

/** One question per priced item: rows, 「項目：値」 pairs, list items and sentences under a name. */
function priceQuestions(passages: Passage[], used: Set<number>): QuestionCandidate[] {
  const asked = new Set<string>();
  const candidates: QuestionCandidate[] = [];
  for (const passage of passages) {
    if (candidates.length >= MAX_PRICE_ITEMS) break;
    if (used.has(passage.index) || passage.kind === 'qa') continue;
    if (passage.kind === 'sentence' && !passage.named) continue;
    if (!PRICE.test(normalizeText(passage.text))) continue;
    const item = itemName(passage);
    if (!item || asked.has(item)) continue;
    asked.add(item);
    used.add(passage.index);
    const plain =
      passage.kind === 'sentence' ? namedPriceStatement(passage) : priceStatement(passage);
    // Under a caption the price is the caption's: a fee caption is the item's fee (「小学生のお子様
    // ご利用料金」), another names what the item is for (「技人国の在留資格変更許可申請」).
    const feeCaption = passage.caption && /(?:料金|料|代|費|報酬)$/.test(passage.caption);
    const subject = !passage.caption
      ? item
      : feeCaption
        ? `${item}の${passage.caption}`
        : `${passage.caption}の${item}`;
    const statement =
      plain && passage.caption && !feeCaption && plain.startsWith(item)
        ? `${passage.caption}の${plain}`
        : plain;
    candidates.push({
      question: priceQuestion(subject),
      ...(passage.caption ? { keepsWords: true } : {}),
      passageIndex: passage.index,
      ...(statement ? { statement } : {}),
      priority: INTENT_PRIORITY,
      clause: 0,
      origin: 'intent:price-item',
    });
  }
  return candidates;
}

/** The clause (between 、 and 。) the topic is named in; -1 when only the heading names it. */
function clauseOf(topic: RegExp, text: string): number {
  const words = nonGlobal(topic);
  return normalizeText(text)
    .split(/[、,。]/)
    .findIndex((clause) => words.test(clause));
}

/** The intent questions the content answers, in the order customers care about. */
export function intentQuestions(passages: Passage[]): QuestionCandidate[] {
  const sectors = sectorsOf(normalizeText(passages.map((passage) => passage.text).join('\n')));
  // Passages taken, with the clauses (between 、) their intents were found in.
  const used = new Map<number, Set<number>>();
  const byIntent: QuestionCandidate[] = [];
  for (const intent of intentsFor(sectors)) {
    if (askedByPage(intent, passages)) continue;
    const evidence = evidenceFor(intent, passages);
    if (!evidence) continue;
    // Two intents on one clause would give the same answer twice; one passage may still answer
    // two intents in clauses of their own (「徒歩5分で、専用駐車場はありません」).
    const clause = clauseOf(intent.topic, evidence.passage.text);
    const taken = used.get(evidence.passage.index) ?? new Set<number>();
    if (taken.has(clause) || taken.has(-1) || (taken.size > 0 && clause === -1)) continue;
    used.set(evidence.passage.index, taken.add(clause));
    byIntent.push({
      question: evidence.question,
      passageIndex: evidence.passage.index,
      ...(evidence.polarity ? { polarity: evidence.polarity } : {}),
      priority: INTENT_PRIORITY,
      clause: 0,
      origin: `intent:${intent.id}`,
      covers: [
        ...sentenceRun(passages, evidence.passage).slice(1),
        ...evidence.alongside,
        ...otherTiers(passages, evidence.passage),
      ].map((passage) => passage.index),
    });
  }
  // Prices come right after hours and closed days: after those, what customers ask first.
  const prices = priceQuestions(passages, new Set(used.keys()));
  const first = byIntent.filter((candidate) =>
    ['intent:hours', 'intent:closed-days'].includes(candidate.origin ?? ''),
  );
  return [...first, ...prices, ...byIntent.filter((candidate) => !first.includes(candidate))];
}

// Intents that ask no price: a rule's price question on their passage is not their question.
const UNPRICED = new Set([
  'intent:age',
  'intent:bring',
  'intent:first-visit',
  'intent:children',
  'intent:booking',
  'intent:booking-how',
]);

/**
 * The fact an intent found is asked in its own rule's words when that rule asks it exactly: a
 * row or 「項目：値」 line by its field (「カットはいくらですか？」, with its statement as the
 * answer's core), a sentence whose main fact is asked strongly on the intent's topic (「駐車場は
 * 何台ありますか？」「食物アレルギーに対応していますか？」). The intent chose the fact and its place; the rule
 * names the item exactly.
 */
export function inRuleWords(
  intent: QuestionCandidate,
  fromPassages: QuestionCandidate[],
): QuestionCandidate {
  const topic = intentOfOrigin(intent.origin)?.topic;
  const exact = fromPassages.find(
    (candidate) =>
      candidate.passageIndex === intent.passageIndex &&
      // 「作業日の前日はいつですか？」 of a step of the cancellation schedule asks about no
      // cancellation: a row's wording is taken when it names the intent's topic.
      ((candidate.origin === 'field' &&
        candidate.statement &&
        tier(candidate) <= 1 &&
        (!topic ||
          intent.origin === 'intent:price-item' ||
          new RegExp(topic.source).test(candidate.question))) ||
        (candidate.origin === 'sentence' &&
          candidate.clause === 0 &&
          tier(candidate) === 0 &&
          !!topic &&
          new RegExp(topic.source).test(candidate.question))),
  );
  // An intent that asks no price keeps its words over a rule asking one (「12歳未満はいくらですか？」
  // is no age question).
  // Nor does one asking a value give way to 「…を教えてください。」 (「年末年始を教えてください。」).
  const sameAsk =
    !(askKind(exact?.question ?? '') === 'price' && UNPRICED.has(intent.origin ?? '')) &&
    !(
      /を教えてください。$/.test(exact?.question ?? '') &&
      askKind(exact?.question ?? '') === 'open' &&
      askKind(intent.question) !== 'open'
    );
  // 「キャンセルする際はいつまで受け付けていますか？」: a sentence's case is the page's wording;
  // the customer asks the bank's question.
  const caseWorded = exact?.origin === 'sentence' && /際|場合|とき/.test(exact.question);
  // 「チェックイン・チェックアウトの時間は何時ですか？」 asks both; the rule's 「チェックインは何時から
  // 何時までですか？」 asks one while the answer gives both.
  const asksBoth = intent.question.includes('・') && !exact?.question.includes('・');
  if (exact?.statement && asksBoth) return { ...intent, statement: exact.statement };
  if (!exact || !sameAsk || caseWorded || asksBoth || intent.keepsWords) return intent;
  // A question worded stiffly from the page does not replace the customer's: two items joined
  // (「税込・初診料はありますか？」), a bracket or a heading's mark, 「…を教えてください。」 on a
  // heading, a deadline asked of what is no booking (「チェックアウト時間はいつまでに必要ですか？」),
  // 「キャンセル期限はいつまで受け付けていますか？」.
  if (
    intent.origin !== 'intent:price-item' &&
    (/[・（(【「]|期限はいつまで/.test(exact.question) ||
      (/を教えてください。$/.test(exact.question) &&
        !/を教えてください。$/.test(intent.question)) ||
      (/いつまでに必要ですか/.test(exact.question) &&
        !/^(?:ご)?予約|^お?申し?込/.test(exact.question)))
  )
    return intent;
  // A price row keeps the field's wording (its heading's qualifier, its brackets) unless the
  // field echoes a figure (「英語の8,800円はいくらですか？」) or drags a column along (「英語の週1回
  // 授業60分(宿題指導無し)はいくらですか？」): then the intent names the item.
  if (
    intent.origin === 'intent:price-item' &&
    (askKind(exact.question) !== 'price' ||
      /\d[\d,]*\s*円/.test(exact.question) ||
      exact.question.length > intent.question.length + 6)
  )
    return exact.statement ? { ...intent, statement: exact.statement } : intent;
  return { ...exact, priority: intent.priority, origin: intent.origin! };
}
