import { ANSWER_LENGTHS, type AnswerLength } from '../../../shared/limits.ts';
import {
  asSentence,
  figuresAsWritten,
  notesOn,
  otherTiers,
  pointedTo,
  QUALIFIES,
  relatedSentences,
  runsOn,
  sentenceRun,
  spokenPassage,
  tableNotes,
  wholeSentences,
} from './answer-parts.ts';
import { readsAsProse, withoutSpacedUnits } from './answer-surface.ts';
import { buildBm25 } from './bm25.ts';
import { LEADING_CONNECTIVE } from './fact-patterns.ts';
import { fieldQuestions } from './field-questions.ts';
import { intentOfOrigin, topicMatches } from './intents.ts';
import type { Analyzer } from './japanese.ts';
import type { ContentPage, DraftQuestion } from './offline-engine.ts';
import { passagesOf, searchableText, type Passage } from './passages.ts';
import { otherCases } from './rule-cases.ts';
import type { Polarity } from './question-candidate.ts';

/**
 * The offline engine's answers, made from the evidence a question carries and never from
 * anything else: whole sentences with their conditions, and for a longer answer the related
 * sentences of the same evidence (answer-parts.ts). The length asked for is a budget, not a
 * target to pad: when the page says less, the answer is shorter and says so (belowLength).
 */
export const OFFLINE_NOT_FOUND = '提供された内容には、この質問に対する記載が見つかりませんでした。';

// What says no: a negation, a refusal, an absence (「年中無休」「予約なしでも」).
const SAYS_NO = /ません|ない|なし|無し|無休|不要|不可|お断り|かね(?:ます|る)|禁止|厳禁|ご遠慮/;
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

export interface OfflineAnswer {
  answer: string;
  found: boolean;
  sourceUrl?: string;
  evidence?: string;
  /** The page holds less on this question than the length asked for. */
  belowLength?: boolean;
  /** Figures of the answer the page does not say (figure-check.ts), checked in the engine child. */
  unverified?: string[];
}

/**
 * A page's own answer or a run of sentences longer than the length: its whole sentences up to
 * the limit, at least the first. A sentence is never cut: one too long alone is kept whole.
 */
function firstSentences(text: string, max: number): string {
  if (text.length <= max) return text;
  const sentences = text.split(/(?<=[。！？])/);
  let kept = sentences[0]!;
  for (const sentence of sentences.slice(1)) {
    if ((kept + sentence).length > max) break;
    kept += sentence;
  }
  return kept;
}

/** The evidence a question carries, or for one typed by hand the passage BM25 finds best. */
function evidenceOf(
  analyzer: Analyzer,
  passages: Passage[],
  question: DraftQuestion,
): { passage: Passage; statement?: string; polarity?: Polarity } | undefined {
  const evidence = question.evidence;
  const passage = evidence ? passages[evidence.passage] : undefined;
  if (passage && passage.text === evidence?.quote)
    return {
      passage,
      ...(evidence.statement ? { statement: evidence.statement } : {}),
      ...(evidence.polarity ? { polarity: evidence.polarity } : {}),
    };
  const [best] = buildBm25(analyzer, passages, searchableText).search(question.question, 1);
  return best && best.score >= 1 ? { passage: best.item } : undefined;
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
  const found = evidenceOf(analyzer, passages, question);
  if (!found) return { answer: OFFLINE_NOT_FOUND, found: false };
  const { passage, statement } = found;
  const polarity = plainPolarity(question.question, statement ?? passage.text, found.polarity);
  const prefix = polarity === 'yes' ? 'はい、' : polarity === 'no' ? 'いいえ、' : '';
  // A sentence the page wrapped over several lines is quoted whole, never up to the wrap.
  const run = passage.kind === 'sentence' ? sentenceRun(passages, passage) : [passage];
  const said = [statement ?? passage.text, ...run.slice(1).map((line) => line.text)]
    .join('')
    .trim();
  // The evidence opens the answer: a connective that tied it to the sentence before (「なお、」)
  // has nothing to tie to there.
  const core = wholeSentences(asSentence(said)).replace(LEADING_CONNECTIVE, '');
  // The short line above the evidence that states the rule itself (「直火禁止」 over 「焚き火シート
  // 必須」) opens an intent's answer: without it the answer keeps the detail and loses the rule.
  const intent = intentOfOrigin(question.evidence?.origin);
  const rule =
    intent &&
    passage.named &&
    !core.includes(passage.named) &&
    new RegExp(intent.topic.source).test(passage.named) &&
    /禁止|厳禁|不可|必須|のみ|可$/.test(passage.named)
      ? asSentence(passage.named)
      : '';
  const main = firstSentences(`${prefix}${rule}${core}`, Math.round(max * 1.3));
  const after: { index: number; sentence: string; earlierStep?: boolean }[] = [];
  const seen = new Set([...run.map((line) => line.text), main]);
  let total = main.length;
  const add = (index: number, sentence: string, text: string): boolean => {
    if (seen.has(text) || main.includes(sentence) || total + sentence.length > max) return false;
    seen.add(text);
    total += sentence.length;
    after.push({ index, sentence });
    return true;
  };
  const last = run.at(-1)!;
  // 「ただし、土日は有料です」「それ以外は880円です」 and a ※ note qualify the sentence before them,
  // and a table's notes every row of it: an answer without them would be wrong, so they come
  // along whatever the length asks for (within it).
  const qualifier = passages[last.index + 1];
  if (
    qualifier &&
    qualifier.kind === 'sentence' &&
    qualifier.sectionId === passage.sectionId &&
    (QUALIFIES.test(qualifier.text) || notesOn(analyzer, passages, qualifier, last))
  )
    add(qualifier.index, asSentence(qualifier.text), qualifier.text);
  if (passage.kind === 'row' || passage.kind === 'pair')
    for (const note of tableNotes(analyzer, passages, passage, statement ?? passage.text))
      add(note.index, asSentence(note.text), note.text);
  // A fee's other timing steps complete it at any length: one step alone misleads. They may
  // take the answer past the length's maximum, as the evidence itself may.
  for (const tier of otherTiers(passages, passage)) {
    const sentence = spokenPassage(tier);
    if (seen.has(tier.text) || main.includes(sentence)) continue;
    seen.add(tier.text);
    total += sentence.length;
    after.push({ index: tier.index, sentence, earlierStep: tier.index < passage.index });
  }
  // A policy told one case at a time is answered with its other cases (rule-cases.ts), which
  // may also take the answer past the length's maximum, within twice it.
  if (intent)
    for (const other of otherCases(intent, passages, run)) {
      const lines = other.kind === 'sentence' ? sentenceRun(passages, other) : [other];
      if (runsOn(lines.at(-1)!.text) || lines.some((line) => seen.has(line.text))) continue;
      const sentence =
        other.kind === 'sentence'
          ? wholeSentences(asSentence(lines.map((line) => line.text).join('')))
          : spokenPassage(other);
      if (main.includes(sentence) || total + sentence.length > Math.max(max * 2, 240)) continue;
      for (const line of lines) seen.add(line.text);
      total += sentence.length;
      after.push({ index: other.index, sentence, earlierStep: other.index < passage.index });
    }
  // 「下記キャンセル料が発生します」 means nothing without the list below it.
  for (const item of pointedTo(passages, last)) {
    const sentence = spokenPassage(item);
    if (!add(item.index, sentence, item.text)) break;
  }
  // The other columns of the row asked about (「リピートは3,500円です」) say more of the same
  // item; other rows are other items, never added.
  if (passage.kind === 'row' && length !== 'short')
    for (const other of fieldQuestions(passage)) {
      if (total >= min) break;
      if (other.statement && other.statement !== statement)
        add(passage.index + 0.5, other.statement, other.statement);
    }
  if (passage.kind !== 'qa')
    // What fills the budget: related sentences of the same evidence, nearest first, each whole.
    for (const neighbour of relatedSentences(
      analyzer,
      passages,
      run,
      askedWith(question, passage),
      length === 'long' ? 2 : length === 'medium' ? 1 : 0,
    )) {
      if (total >= min) break;
      const lines = sentenceRun(passages, neighbour);
      if (runsOn(lines.at(-1)!.text)) continue;
      add(
        neighbour.index,
        wholeSentences(asSentence(lines.map((line) => line.text).join(''))),
        neighbour.text,
      );
      for (const line of lines.slice(1)) seen.add(line.text);
    }
  const ordered = after.sort((left, right) => left.index - right.index);
  // A schedule is told in the page's order (「7日前まで無料。前日50%。当日100%。」), whichever
  // step the question landed on; an answer that opens on はい／いいえ keeps it first.
  const stepsFirst = prefix ? [] : ordered.filter((item) => item.earlierStep);
  const quoted = withoutSpacedUnits(
    figuresAsWritten(
      [
        ...stepsFirst.map((item) => item.sentence),
        main,
        ...ordered.filter((item) => !stepsFirst.includes(item)).map((item) => item.sentence),
      ]
        // A piece that ends on its note (「…全額（次回振替はできません）」) still ends there.
        .map((piece, at, pieces) =>
          at < pieces.length - 1 && !/[。！？!?]$/.test(piece) ? `${piece}。` : piece,
        )
        .join(''),
      pages.map((page) => page.markdown),
    ),
  );
  // A page's own answer was written as one; a quoted row or note is said as a sentence.
  const answer = passage.kind === 'qa' ? quoted : readsAsProse(analyzer, quoted);
  return {
    answer,
    found: true,
    ...(passage.url ? { sourceUrl: passage.url } : {}),
    evidence: passage.text,
    ...(length !== 'short' && answer.length < min ? { belowLength: true } : {}),
  };
}

/**
 * What a question asks, in the page's words as well: an intent asks in the customer's words
 * (「施術の後にお風呂に入ってもよいですか？」) where the page says 「ご入浴」, so the words its topic
 * found in the evidence tie the page's other sentences on it (「鍼をした場合は2時間空けてから
 * ご入浴ください」) to the question a longer answer fills.
 */
function askedWith(question: DraftQuestion, passage: Passage): string {
  const intent = intentOfOrigin(question.evidence?.origin);
  if (!intent) return question.question;
  const words = topicMatches(intent, passage.text).map((match) => match[0]);
  return [question.question, ...new Set(words)].join(' ');
}
