import { askKind, contentWords, normalizeText, type Analyzer, type AskKind } from './japanese.ts';

/**
 * Near-duplicate questions removed before the user sees them, on every engine. Questions are
 * compared by their content words and by what they ask for: 「営業時間を教えてください」 and
 * 「営業時間について教えてください」 are one question; 「角食パンはいくらですか」 and 「角食パンは何時に
 * 焼き上がりますか」 are two.
 */
export interface QuestionSignature {
  key: string;
  words: Set<string>;
  kind: AskKind;
}

// The polite wrappers a question can come in: they change nothing it asks.
const WRAPPERS =
  /(?:について|に関して|を|は|が)?(?:詳しく)?(?:教えてください|教えていただけますか|知りたいです|ありますか|ございますか|ですか|でしょうか|ますか|ください)[。？?！!]*$/;

// Nouns that only restate what the question asks for: 「〜の料金はいくら」 asks what 「〜はいくら」 does.
const ASKED_NOUNS: Partial<Record<AskKind, RegExp>> = {
  price: /^(料金|価格|値段|費用|金額|代金)$/,
  time: /^(時間|時刻)$/,
  where: /^(場所|住所|所在地)$/,
};

export function questionSignature(analyzer: Analyzer, question: string): QuestionSignature {
  const plain = normalizeText(question);
  const kind = askKind(plain);
  const asked = ASKED_NOUNS[kind];
  return {
    key: plain.replace(WRAPPERS, '').replace(/[\s、。？?！!「」]/g, ''),
    words: new Set(contentWords(analyzer, plain).filter((word) => !asked?.test(word))),
    kind,
  };
}

function overlap(left: Set<string>, right: Set<string>): number {
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / (left.size + right.size - shared);
}

export function isNearDuplicate(left: QuestionSignature, right: QuestionSignature): boolean {
  if (left.key === right.key) return true;
  const kindsAgree = left.kind === right.kind || left.kind === 'open' || right.kind === 'open';
  return kindsAgree && overlap(left.words, right.words) >= 0.8;
}

/** Keeps the first of each group of near-duplicates; `existing` questions count as kept. */
export function dedupeQuestions<T extends { question: string }>(
  analyzer: Analyzer,
  items: T[],
  existing: string[] = [],
): T[] {
  const kept: T[] = [];
  const signatures = existing.map((question) => questionSignature(analyzer, question));
  for (const item of items) {
    const question = item.question.trim();
    if (!question) continue;
    const signature = questionSignature(analyzer, question);
    if (signatures.some((other) => isNearDuplicate(signature, other))) continue;
    signatures.push(signature);
    kept.push({ ...item, question });
  }
  return kept;
}
