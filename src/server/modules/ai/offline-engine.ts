import { askedByCustomer } from './customer-phrasing.ts';
import { otherTiers, pointedTo } from './answer-parts.ts';
import { LEANS_BACK, POINTS_ELSEWHERE } from './fact-patterns.ts';
import type { Analyzer } from './japanese.ts';
import { questionsFromPassages } from './offline-questions.ts';
import { inRuleWords, intentQuestions } from './intent-questions.ts';
import { passagesOf, type Passage, type SourcePage } from './passages.ts';
import { tier, type Polarity, type QuestionCandidate } from './question-candidate.ts';
import { dedupeQuestions } from './question-dedupe.ts';
import { holdsWhatIsAsked, strictRefusal } from './strict-gate.ts';
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

// Words that name no thing of their own: 「利用時間は何時ですか？」 under 「シャワー」 asks the
// shower's hours, and without the heading a reader takes it for the whole place's.
const GENERIC_TOPIC =
  /^(?:ご?利用時間|ご?利用料金?|使用料|料金|基本料金|費用|受付時間|所要時間|定員|対象)は/;
// Headings that name a part of the page rather than a thing (「ご利用案内」「料金」「注意事項」).
const GENERIC_HEADING =
  /案内|情報|概要|料金|価格|費用|ご利用|について|ガイド|よくある|FAQ|注意|ルール|規約|規定|お知らせ|メニュー|一覧|詳細|アクセス|店舗|当店|当院|当社|その他|\d/;

/** The heading a generic topic belongs to, said in the question: 「シャワーの利用時間は…」. */
function namedBySection(question: string, passage: Passage): string {
  const heading = passage.section.replace(/[【】「」［］[\]]/g, '').trim();
  if (
    !GENERIC_TOPIC.test(question) ||
    heading.length < 2 ||
    heading.length > 12 ||
    /[。、！？\s]/.test(heading) ||
    GENERIC_HEADING.test(heading) ||
    question.includes(heading)
  )
    return question;
  return `${heading}の${question}`;
}

function toDraft(candidate: QuestionCandidate, passages: Passage[]): DraftQuestion {
  const passage = passages[candidate.passageIndex]!;
  return {
    // The bank's own questions are general by design (「料金は前払いですか？」): only a question
    // worded from the page's lines takes their heading.
    // Every question but the page's own is said in the customer's voice, an intent's too when
    // it takes the page's words (「前納制のため、口座振替実行日は、…」).
    question:
      candidate.origin === 'page-qa'
        ? candidate.question
        : askedByCustomer(
            candidate.origin?.startsWith('intent:')
              ? candidate.question
              : namedBySection(candidate.question, passage),
          ),
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
 * 「Xについて教えてください。」 is answered by a sentence about X: one that opens on it
 * (「口座登録は…」「同意書の有効期限は…」). Where X comes up inside a sentence about something
 * else (「月の途中でのお申し込みのお客様に対して、各通い放題プランは、…日割計算」「ドローンの
 * 飛行、撮影は禁止です」), the open question got that sentence's side of X: graded C or B nearly
 * every time (2026-11-28, 091d7fa: 6 C, 5 B, 1 A of 12 such questions).
 */
function opensOnTopic(question: string, evidence: string): boolean {
  const topic = /^(.+?)について教えてください。$/.exec(question)?.[1];
  if (!topic) return true;
  const bare = (text: string) =>
    text
      .replace(/^(?:[\s・※*＊\-–—]|また、?|なお、?|尚、?)+/u, '')
      .replace(/(?<![\p{Script=Han}])[おご御](?=\p{Script=Han})/gu, '');
  return bare(evidence).startsWith(bare(topic));
}

/**
 * A sentence or row question is asked beside the intents only when it passes the strict gate
 * (strict-gate.ts): the fragments and business-voice questions graders marked C are refused
 * whatever their tier (the tiers rank how a rule read its clause, not whether a customer asks).
 */
const OPENS_ON_CASE = /^[^。、]{2,30}?(?:場合|際|とき|ないと|なければ|ない限り)[はにも、,]?/;

function strongEnough(candidate: QuestionCandidate, passages: Passage[]): boolean {
  const passage = passages[candidate.passageIndex]!;
  const evidence = candidate.statement ?? passage.text;
  return (
    !strictRefusal(candidate.question) &&
    holdsWhatIsAsked(candidate.question, evidence) &&
    opensOnTopic(candidate.question, evidence) &&
    !LEANS_BACK.test(evidence) &&
    // 「ご予約の締め切りは下記の通りです。」 with no list under it, 「上記番号までお電話ください」:
    // the half it points to is not in the answer.
    !(POINTS_ELSEWHERE.test(evidence) && pointedTo(passages, passage).length === 0) &&
    // 「ご持参いただかなかった場合、店内のマナーベルトを購入していただきます」「口座の提出がないと
    // 授業を受けられません」: a yes or no that holds in a case the question leaves out misleads.
    !(
      candidate.polarity &&
      OPENS_ON_CASE.test(evidence) &&
      !/場合|際|とき|ないと/.test(candidate.question)
    ) &&
    // A note in brackets alone (「(振替日に欠席された場合でも…)」) is the remnant of a sentence.
    !/^[（(][^）)]*[）)]。?$/.test(evidence) &&
    // 「トリマーはありますか？」 from 「トリマーはお医者さんではありません」, 「粘土はありますか？」 from
    // 「毛先に粘土がつく可能性があります」: the あります is a copula's or a possibility's, not the
    // thing's.
    !(
      /はありますか？$/.test(candidate.question) &&
      /(?:では|じゃ)ありません|(?:可能性|場合|こと|恐れ|おそれ)が(?:あり|ござい)/.test(evidence)
    )
  );
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
  const covered = new Set(intents.flatMap((candidate) => candidate.covers ?? []));
  // 「チェックイン・チェックアウトの時間は何時ですか？」 asks every clause of its passage.
  const wholly = new Set(
    intents
      .filter((candidate) => candidate.question.includes('・'))
      .map((candidate) => candidate.passageIndex),
  );
  // The main fact of a passage an intent asks about is not asked again in the page's own words
  // (its other clauses still are: 「…、チェックアウトは10時です。」).
  const sentences = fromPassages
    .filter(
      (candidate) =>
        candidate.origin !== 'page-qa' &&
        !(intentPassages.has(candidate.passageIndex) && candidate.clause === 0) &&
        !covered.has(candidate.passageIndex) &&
        !wholly.has(candidate.passageIndex) &&
        strongEnough(candidate, passages),
    )
    .sort((left, right) => tier(left) - tier(right));
  // Of two near-duplicates the first stays: the page's own Q&A, then an intent, then a sentence.
  const candidates = withoutSharedSchedules(
    passages,
    withoutRepeatedTopics(
      analyzer,
      dedupeQuestions(analyzer, [...pageQa, ...intents, ...sentences]),
      // 「料金は前払いですか？」 and 「料金は税込ですか？」 are two intents, not one topic twice.
      (candidate) => candidate.origin?.startsWith('intent:') === true,
    ),
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

/**
 * A fee schedule is answered whole (otherTiers), so two questions landing on its steps
 * (「キャンセルや変更はいつまでに…」 and 「キャンセル料はかかりますか？」 on one list) would show the
 * same answer twice, graded a duplicate: the first asked keeps it.
 */
function withoutSharedSchedules(
  passages: Passage[],
  candidates: QuestionCandidate[],
): QuestionCandidate[] {
  const answered = new Set<number>();
  return candidates.filter((candidate) => {
    const passage = passages[candidate.passageIndex];
    // Only intents ask about a schedule as such; a sentence's question asks its own step.
    if (!passage || !candidate.origin?.startsWith('intent:')) return true;
    const steps = otherTiers(passages, passage);
    if (steps.length === 0) return true;
    const run = [passage.index, ...steps.map((step) => step.index)];
    if (run.some((index) => answered.has(index))) return false;
    for (const index of run) answered.add(index);
    return true;
  });
}
