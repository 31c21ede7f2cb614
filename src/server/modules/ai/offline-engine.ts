import type { Analyzer } from './japanese.ts';
import { questionsFromPassages } from './offline-questions.ts';
import { passagesOf, type Passage, type SourcePage } from './passages.ts';
import type { Polarity, QuestionCandidate } from './question-candidate.ts';
import { dedupeQuestions } from './question-dedupe.ts';
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

function tier(candidate: QuestionCandidate): number {
  if (candidate.clause === 0 && candidate.priority >= 2.5) return 0;
  if (candidate.priority >= 2) return candidate.clause === 0 ? 1 : 2;
  return 3;
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
    },
  };
}

/**
 * The best `count` distinct questions the content holds: main facts of each passage first,
 * spread over the whole content, then secondary facts. Questions in `avoid` (the set shown
 * before a regeneration) come last, so regenerating brings the next-best candidates.
 */
export function offlineQuestionsFromContent(
  analyzer: Analyzer,
  pages: ContentPage[],
  count: number,
  avoid: string[] = [],
): OfflineQuestionSet {
  const passages = passagesOf(pages);
  // Of two near-duplicates the stronger stays: de-duplication keeps the first it meets.
  const candidates = withoutRepeatedTopics(
    analyzer,
    dedupeQuestions(
      analyzer,
      questionsFromPassages(analyzer, passages).sort((left, right) => tier(left) - tier(right)),
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
    for (const firsts of [true, false]) {
      for (const level of [0, 1, 2, 3]) {
        const remaining = count - chosen.length;
        if (remaining <= 0) break;
        chosen.push(
          ...spread(
            pool.filter(
              (candidate) => tier(candidate) === level && firstOfClause.has(candidate) === firsts,
            ),
            remaining,
          ),
        );
      }
    }
  }
  chosen.sort(
    (left, right) => left.passageIndex - right.passageIndex || left.clause - right.clause,
  );
  return {
    drafts: chosen.map((candidate) => toDraft(candidate, passages)),
    available: candidates.length,
  };
}
