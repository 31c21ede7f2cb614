import { askKind, normalizeText, type Analyzer, type Token } from './japanese.ts';

/**
 * A question read once for the grammar gate and the duplicate-topic rule (issue 23): its tokens
 * and the phrase it is about, the part before its first は／も, 「について」 or 「を教えて」.
 */

/** Where a question came from: a page sentence, a table row or 「項目：値」 line, or the page's own Q&A. */
export type QuestionSource = 'sentence' | 'field' | 'page';

export interface ReadQuestion {
  text: string;
  tokens: Token[];
  /** The phrase the question is about: before its first は／も, 「について」 or 「を教えて」 ('' when none). */
  topic: string;
  topicTokens: Token[];
  source: QuestionSource;
  /** The passage the question stands on ('' when none is given). */
  evidence: string;
}

/** The question read once: its tokens and the phrase it is about. */
export function readQuestion(
  analyzer: Analyzer,
  question: string,
  source: QuestionSource,
): Omit<ReadQuestion, 'evidence'> {
  const text = normalizeText(question);
  // Tokenised as written: NFKC would turn 「？」 into an ASCII mark the dictionary reads as a noun.
  const tokens = analyzer.tokenize(question.trim());
  // A particle inside brackets (「(エコバックでもok)」) belongs to the note, not the question.
  let depth = 0;
  const inBrackets = tokens.map((token) => {
    const inside = depth > 0;
    if (/[(（「『【]/.test(token.surface)) depth++;
    if (/[)）」』】]/.test(token.surface)) depth = Math.max(0, depth - 1);
    return inside;
  });
  const end = tokens.findIndex(
    (token, index) =>
      (!inBrackets[index] &&
        token.pos === '助詞' &&
        ((token.detail === '係助詞' && ['は', 'も'].includes(token.surface)) ||
          token.surface === 'について')) ||
      (token.surface === 'を' && tokens[index + 1]?.base === '教える'),
  );
  const topicTokens = end > 0 ? tokens.slice(0, end) : [];
  return {
    text,
    tokens,
    topic: topicTokens
      .map((token) => token.surface)
      .join('')
      .replace(/(?:には|では|に|で)$/, ''),
    topicTokens,
    source,
  };
}

/**
 * What a question asks about, for the duplicate-topic rule: 「キャンセルはいつまでに必要ですか？」
 * and 「キャンセルについて教えてください。」 ask about one thing; the second adds only filler.
 */
export function topicKey(analyzer: Analyzer, question: string): string {
  const read = readQuestion(analyzer, question, 'sentence');
  return read.topic ? `${read.topic}:${askKind(read.text)}` : '';
}

/** The phrase a question is about ('' when it has none). */
export function topicOf(analyzer: Analyzer, question: string): string {
  return readQuestion(analyzer, question, 'sentence').topic;
}

/**
 * Keeps the first question on each topic: a later one on the same topic is refused when it asks
 * the same kind of thing or only 「について教えてください」 (rule id 'duplicate-topic').
 */
export function withoutRepeatedTopics<T extends { question: string }>(
  analyzer: Analyzer,
  items: T[],
  /** Items that ask something of their own whatever their words (two intents of one bank). */
  distinct: (item: T) => boolean = () => false,
): T[] {
  const kinds = new Map<string, Set<string>>();
  return items.filter((item) => {
    const key = topicKey(analyzer, item.question);
    if (!key) return true;
    // The kind is after the last ':': a topic may hold a clock time (「10:00からの受付」).
    const cut = key.lastIndexOf(':');
    const topic = key.slice(0, cut);
    const kind = key.slice(cut + 1);
    const asked = kinds.get(topic) ?? new Set<string>();
    if (!distinct(item) && (asked.has(kind) || (asked.size > 0 && kind === 'open'))) return false;
    asked.add(kind);
    kinds.set(topic, asked);
    return true;
  });
}
