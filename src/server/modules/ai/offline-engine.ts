import { ANSWER_LENGTHS, type AnswerLength } from '../../../shared/limits.ts';
import { buildBm25 } from './bm25.ts';
import { contentWords, normalizeText, type Analyzer } from './japanese.ts';
import { questionsFromPassages } from './offline-questions.ts';
import { LEADING_CONNECTIVE } from './fact-patterns.ts';
import { fieldQuestions } from './field-questions.ts';
import { inRuleWords, intentQuestions } from './intent-questions.ts';
import { passagesOf, searchableText, type Passage, type SourcePage } from './passages.ts';
import { tier, type Polarity, type QuestionCandidate } from './question-candidate.ts';
import { dedupeQuestions } from './question-dedupe.ts';
import { strictRefusal } from './strict-gate.ts';
import { withoutRepeatedTopics } from './question-reading.ts';

/**
 * The built-in offline engine: extractive, evidence first. Every question is born from a passage
 * of the content and carries it; its answer is made from that passage (and related sentences
 * of the same section when a longer answer is asked for), so it never fails a question it asked
 * itself and never states what the content does not. It is not a language model.
 */
export type ContentPage = SourcePage;

/** The passage a question stands on, kept with the record between the two phases. */
export interface QuestionEvidence {
  passage: number;
  quote: string;
  polarity?: Polarity;
  statement?: string;
  /** The intent or rule that made the question (`intent:hours`, `page-qa`, `sentence`); optional so older records parse. */
  origin?: string;
}

export interface DraftQuestion {
  question: string;
  sourceUrl?: string;
  evidence?: QuestionEvidence;
}

export interface OfflineQuestionSet {
  drafts: DraftQuestion[];
  /** Distinct questions the content holds, whatever was asked. */
  available: number;
}

/** Picks `count` items spread evenly over the list, keeping its order. */
function spread<T>(items: T[], count: number): T[] {
  if (count >= items.length) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, position) => items[Math.floor(position * step)]!);
}

function toDraft(candidate: QuestionCandidate, passages: Passage[]): DraftQuestion {
  const passage = passages[candidate.passageIndex]!;
  return {
    question: candidate.question,
    ...(passage.url ? { sourceUrl: passage.url } : {}),
    evidence: {
      passage: passage.index,
      quote: passage.text,
      ...(candidate.polarity ? { polarity: candidate.polarity } : {}),
      ...(candidate.statement ? { statement: candidate.statement } : {}),
      ...(candidate.origin ? { origin: candidate.origin } : {}),
    },
  };
}

/**
 * A sentence or row question is asked beside the intents only when it passes the strict gate
 * (strict-gate.ts): the fragments and business-voice questions graders marked C are refused
 * whatever their tier (the tiers rank how a rule read its clause, not whether a customer asks).
 */
function strongEnough(candidate: QuestionCandidate): boolean {
  return !strictRefusal(candidate.question);
}

/**
 * The best `count` distinct questions the content holds (issue 23): the page's own Q&A first,
 * then the customers' intents whose evidence the page holds, in the order customers care
 * about, then questions from sentences that pass the gate strongly, main facts of each passage
 * first, spread over the whole content. The count is a maximum: what fails is not asked.
 * Questions in `avoid` (the set shown before a regeneration) come last, so regenerating brings
 * the next-best candidates.
 */
export function offlineQuestionsFromContent(
  analyzer: Analyzer,
  pages: ContentPage[],
  count: number,
  avoid: string[] = [],
): OfflineQuestionSet {
  const passages = passagesOf(pages);
  const fromPassages = questionsFromPassages(analyzer, passages);
  const pageQa = fromPassages.filter((candidate) => candidate.origin === 'page-qa');
  const intents = intentQuestions(passages).map((intent) => inRuleWords(intent, fromPassages));
  const intentPassages = new Set(intents.map((candidate) => candidate.passageIndex));
  // The main fact of a passage an intent asks about is not asked again in the page's own words
  // (its other clauses still are: 「…、チェックアウトは10時です。」).
  const sentences = fromPassages
    .filter(
      (candidate) =>
        candidate.origin !== 'page-qa' &&
        !(intentPassages.has(candidate.passageIndex) && candidate.clause === 0) &&
        strongEnough(candidate),
    )
    .sort((left, right) => tier(left) - tier(right));
  // Of two near-duplicates the first stays: the page's own Q&A, then an intent, then a sentence.
  const candidates = withoutRepeatedTopics(
    analyzer,
    dedupeQuestions(analyzer, [...pageQa, ...intents, ...sentences]),
  );
  // De-duplication hands back its own copies: a leading question is known by its origin.
  const leading = new Set(
    candidates.filter(
      (candidate) => candidate.origin === 'page-qa' || candidate.origin?.startsWith('intent:'),
    ),
  );
  const avoided = new Set(avoid);
  const fresh = candidates.filter((candidate) => !avoided.has(candidate.question));
  const seen = candidates.filter((candidate) => avoided.has(candidate.question));
  // A second question on the same clause (「どこにありますか」 and 「どのような…ですか」 of one
  // introduction) has the same answer: it waits until every clause has had its first.
  const firstOfClause = new Set<QuestionCandidate>();
  const clausesSeen = new Set<string>();
  for (const candidate of candidates) {
    const key = `${candidate.passageIndex}:${candidate.clause}`;
    if (!clausesSeen.has(key)) firstOfClause.add(candidate);
    clausesSeen.add(key);
  }
  const chosen: QuestionCandidate[] = [];
  for (const pool of [fresh, seen]) {
    // The page's own Q&A and the intents are taken in their order, before any sentence.
    chosen.push(
      ...pool
        .filter((candidate) => leading.has(candidate))
        .slice(0, Math.max(0, count - chosen.length)),
    );
    for (const firsts of [true, false]) {
      for (const level of [0, 1, 2, 3]) {
        const remaining = count - chosen.length;
        if (remaining <= 0) break;
        chosen.push(
          ...spread(
            pool.filter(
              (candidate) =>
                !leading.has(candidate) &&
                tier(candidate) === level &&
                firstOfClause.has(candidate) === firsts,
            ),
            remaining,
          ),
        );
      }
    }
  }
  // Leading questions keep their order; sentence questions follow in the content's order.
  const rank = (candidate: QuestionCandidate) =>
    leading.has(candidate) ? -1 : candidate.passageIndex;
  const order = new Map(chosen.map((candidate, position) => [candidate, position]));
  chosen.sort(
    (left, right) =>
      rank(left) - rank(right) ||
      (leading.has(left) ? order.get(left)! - order.get(right)! : left.clause - right.clause),
  );
  return {
    drafts: chosen.map((candidate) => toDraft(candidate, passages)),
    available: candidates.length,
  };
}

const QUALIFIES = /^(?:ただし|但し|なお|それ以外|その他の|それ以降|それより)/;

export const OFFLINE_NOT_FOUND = '提供された内容には、この質問に対する記載が見つかりませんでした。';

function asSentence(text: string): string {
  const trimmed = text.trim();
  if (/[。！？!?」）)]$/.test(trimmed)) return trimmed;
  // A list item written without a predicate (「配達のご注文は前日の18時まで」「…で配達無料」)
  // is said as a sentence; one that ends on a verb or copula already is one.
  const predicateless =
    /[はが]/.test(trimmed) && /(?:まで|から|無料|円|〜|～|分|名|台)$/.test(trimmed);
  return predicateless ? `${trimmed}です。` : `${trimmed}。`;
}

/** A passage as an answer says it: a table row or 「項目：値」 line as sentences, not raw cells. */
function spokenPassage(passage: Passage): string {
  if (passage.kind === 'sentence' || passage.kind === 'qa') return asSentence(passage.text);
  const statements = fieldQuestions(passage).map((candidate) => candidate.statement ?? '');
  return statements.join('') || asSentence(passage.text);
}

/**
 * A passage too long for the length: its whole sentences up to the limit (a page's own answer
 * keeps its first sentences entire), or when the first alone is too long, its clauses.
 */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let sentences = '';
  for (const sentence of text.split(/(?<=。)/)) {
    if ((sentences + sentence).length > max) break;
    sentences += sentence;
  }
  if (sentences) return sentences;
  let result = '';
  for (const part of text.split(/(?<=、)/)) {
    if ((result + part).length > max - 1) break;
    result += part;
  }
  return result ? `${result.replace(/、$/, '')}。` : `${text.slice(0, max - 1)}…`;
}

/** What a sentence or question is about: the phrase before its first は／には／では／も. */
function subjectOf(text: string): string {
  const match = /^(.{2,24}?)(?:には|では|は|も)/.exec(
    normalizeText(text).replace(/^(?:はい|いいえ)、/, ''),
  );
  return match ? match[1]!.replace(/^(?:\d+[^の]{0,3}の|人気の|当店の|当社の)/, '') : '';
}

/**
 * Sentences of the same section that say more about what the question asks, nearest first.
 * For a longer answer under a heading, the section is one subject: any sentence the question
 * (with the heading) finds. Otherwise only nearby sentences about the same subject (「車検は…」
 * 「車検の間は…」 for a question about 車検) that the question finds as strongly qualify.
 */
function relatedSentences(
  analyzer: Analyzer,
  passages: Passage[],
  evidence: Passage,
  question: string,
  length: AnswerLength,
): Passage[] {
  const section = passages.filter((passage) => passage.sectionId === evidence.sectionId);
  const scores = new Map(
    buildBm25(analyzer, section, searchableText)
      .search(question, section.length)
      .map(({ item, score }) => [item.index, score]),
  );
  const evidenceScore = scores.get(evidence.index) ?? 0;
  if (evidenceScore <= 0) return [];
  const subject = subjectOf(question);
  return section
    .filter(
      (passage) =>
        passage.index !== evidence.index &&
        passage.text !== evidence.text &&
        (evidence.section !== '' && length !== 'short'
          ? (scores.get(passage.index) ?? 0) > 0
          : passage.index > evidence.index - 3 &&
            (scores.get(passage.index) ?? 0) >= evidenceScore * 0.5 &&
            subject.length >= 2 &&
            subjectOf(passage.text).startsWith(subject)),
    )
    .sort(
      (left, right) =>
        Math.abs(left.index - evidence.index) - Math.abs(right.index - evidence.index) ||
        left.index - right.index,
    );
}

// What says no: a negation, a refusal, an absence (「年中無休」「予約なしでも」).
const SAYS_NO = /ません|ない|なし|無し|無休|不要|不可|お断り|かね(?:ます|る)|禁止|ご遠慮/;
// What only says yes or no under a condition: the answer is the sentence, not はい／いいえ.
const HEDGED = /場合|限り|のみ|原則|次第|ことがあ|こともあ|可能性|によって|により|ケース/g;
// A duty stated where a possibility is asked (「退場できますか？」 → 「退場していただきます」).
const ASKS_POSSIBLE = /(?:でき|られ|いただけ|あり|ござい)ますか？$/;
const STATES_DUTY = /(?:て|で)いただきます|ください|お願い|必要です|(?:する|ること)。?$/;

/**
 * はい／いいえ only when the evidence says so plainly (issue 23): not when it says the opposite,
 * not under a condition the question does not name, and not when it states a duty where the
 * question asks whether something can be done.
 */
export function plainPolarity(
  question: string,
  evidence: string,
  polarity: Polarity | undefined,
): Polarity | undefined {
  if (!polarity) return undefined;
  const saysNo = SAYS_NO.test(evidence);
  if (polarity === 'yes' && saysNo) return undefined;
  if (polarity === 'no' && !saysNo) return undefined;
  for (const [hedge] of evidence.matchAll(HEDGED)) if (!question.includes(hedge)) return undefined;
  if (polarity === 'yes' && ASKS_POSSIBLE.test(question) && STATES_DUTY.test(evidence))
    return undefined;
  return polarity;
}

// What a note says when it is a condition (「※大型犬は要相談」「※土日を除く」).
const CONDITION = /場合|のみ|除|要|別途|限り|以外|対象外|不可|できません|必要|まで|以上|以下|未満/;

/**
 * A ※ note qualifies the statement above it when it speaks of the same thing or states a
 * condition. A page that marks item after item with ※ lists separate facts: a note in such a
 * run is no one's condition.
 */
function notesOn(
  analyzer: Analyzer,
  passages: Passage[],
  note: Passage,
  statement: Passage,
): boolean {
  if (!note.note || statement.note || passages[note.index + 1]?.note) return false;
  if (CONDITION.test(note.text)) return true;
  const words = new Set(contentWords(analyzer, statement.text));
  return contentWords(analyzer, note.text).some((word) => words.has(word));
}

export interface OfflineAnswer {
  answer: string;
  found: boolean;
  sourceUrl?: string;
  evidence?: string;
}

/**
 * The answer to a question from its own evidence; a question without one (typed by hand, or
 * from an older record) is matched to the best passage by BM25, or honestly not answered.
 */
export function offlineAnswer(
  analyzer: Analyzer,
  pages: ContentPage[],
  question: DraftQuestion,
  length: AnswerLength,
): OfflineAnswer {
  const passages = passagesOf(pages);
  const { min, max } = ANSWER_LENGTHS[length];
  let evidence = question.evidence;
  let passage = evidence ? passages[evidence.passage] : undefined;
  if (!passage || passage.text !== evidence?.quote) {
    const [best] = buildBm25(analyzer, passages, searchableText).search(question.question, 1);
    if (!best || best.score < 1) return { answer: OFFLINE_NOT_FOUND, found: false };
    passage = best.item;
    evidence = { passage: passage.index, quote: passage.text };
  }
  const polarity = plainPolarity(
    question.question,
    evidence?.statement ?? passage.text,
    evidence?.polarity,
  );
  const prefix = polarity === 'yes' ? 'はい、' : polarity === 'no' ? 'いいえ、' : '';
  // The evidence opens the answer: a connective that tied it to the sentence before (「なお、」)
  // has nothing to tie to there.
  const core = asSentence(evidence?.statement ?? passage.text).replace(LEADING_CONNECTIVE, '');
  const main = shorten(`${prefix}${core}`, Math.round(max * 1.3));
  // The answer opens with its own evidence (and its はい／いいえ); related sentences follow.
  // What follows the evidence, said once and put back in the order of the content.
  const after: { index: number; sentence: string }[] = [];
  const seen = new Set([passage.text]);
  let total = main.length;
  // 「ただし、土日は有料です」「それ以外は880円です」 and a ※ note qualify the sentence before them:
  // an answer without them would be wrong, so they come along whatever the length asks for
  // (within it).
  const qualifier = passages[passage.index + 1];
  if (
    qualifier &&
    qualifier.kind === 'sentence' &&
    qualifier.sectionId === passage.sectionId &&
    (QUALIFIES.test(qualifier.text) || notesOn(analyzer, passages, qualifier, passage)) &&
    total + qualifier.text.length <= max
  ) {
    seen.add(qualifier.text);
    const sentence = asSentence(qualifier.text);
    total += sentence.length;
    after.push({ index: qualifier.index, sentence });
  }
  for (const neighbour of relatedSentences(
    analyzer,
    passages,
    passage,
    question.question,
    length,
  )) {
    if (total >= min) break;
    const sentence = spokenPassage(neighbour);
    if (seen.has(neighbour.text) || total + sentence.length > max) continue;
    seen.add(neighbour.text);
    total += sentence.length;
    after.push({ index: neighbour.index, sentence });
  }
  const ordered = after
    .sort((left, right) => left.index - right.index)
    .map((item) => item.sentence);
  const answer = [main, ...ordered].join('');
  return {
    answer,
    found: true,
    ...(passage.url ? { sourceUrl: passage.url } : {}),
    evidence: passage.text,
  };
}
