/** A question the offline engine can ask, with the passage it stands on, and the check it passes. */
export type Polarity = 'yes' | 'no';

export interface QuestionCandidate {
  question: string;
  passageIndex: number;
  /** Yes/no questions: the answer opens with はい／いいえ. */
  polarity?: Polarity;
  /** Rows and pairs: the fact restated as a sentence (the answer's core). */
  statement?: string;
  /** How strongly the question stands on its passage; the best come first. */
  priority: number;
  /** Position of the clause in its passage: the first clause is the passage's main fact. */
  clause: number;
  /**
   * What made the question (issue 23, item 8): an intent (`intent:hours`), the page's own Q&A
   * (`page-qa`), or the sentence or row rule that passed the gate (`sentence`, `field`,
   * `gate:business-voice`).
   */
  origin?: string;
  /** The intent's own words stay over a rule's (a price under a caption names the caption). */
  keepsWords?: boolean;
  /**
   * Intents: the passages their answer says besides its evidence (the other steps of a
   * schedule, 「チェックアウト 10:00」 beside 「チェックイン 15:00~17:00」); asked again on their
   * own, they would repeat that answer.
   */
  covers?: number[];
}

/** No broken particles, doubled words or missing question form; a sensible length. */
const MALFORMED =
  /(?:の|に|が|を|は|で)について|について(?:について)|([一-龯ァ-ヶー]{2,})の\1|^(?:は|が|を|に|の)/;

export function isWellFormedQuestion(question: string): boolean {
  if (question.length < 6 || question.length > 80) return false;
  if (MALFORMED.test(question)) return false;
  return /(？|ですか|ください。?)$/.test(question);
}

/** How strongly a candidate stands on its passage: 0 (its main fact, asked strongly) to 3. */
export function tier(candidate: QuestionCandidate): number {
  if (candidate.clause === 0 && candidate.priority >= 2.5) return 0;
  if (candidate.priority >= 2) return candidate.clause === 0 ? 1 : 2;
  return 3;
}
