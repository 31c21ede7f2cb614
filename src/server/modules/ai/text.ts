/** Japanese-aware text helpers shared by the offline engine and question de-duplication. */

export function normaliseForCompare(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s、。，．,.!?！？「」『』（）()【】・:：;；"'〜~ー-]/g, '')
    .replace(/(ですか|ますか|でしょうか|ください|教えて)$/g, '');
}

export function bigrams(text: string): Set<string> {
  const result = new Set<string>();
  for (let index = 0; index < text.length - 1; index++) result.add(text.slice(index, index + 2));
  if (text.length === 1) result.add(text);
  return result;
}

export function similarity(a: string, b: string): number {
  return jaccard(bigrams(normaliseForCompare(a)), bigrams(normaliseForCompare(b)));
}

/** For precomputed sets: comparing many questions with the same chunks stays cheap. */
export function jaccard(left: Set<string>, right: Set<string>): number {
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared++;
  return shared / (left.size + right.size - shared);
}

/** Drops exact and near-duplicate questions (Jaccard similarity of character bigrams). */
export function dedupeQuestions<T extends { question: string }>(items: T[], threshold = 0.6): T[] {
  const kept: T[] = [];
  const keptKeys = new Set<string>();
  const keptGrams: Set<string>[] = [];
  for (const item of items) {
    const text = item.question.trim();
    if (!text) continue;
    const key = normaliseForCompare(text);
    const grams = bigrams(key);
    if (keptKeys.has(key) || keptGrams.some((existing) => jaccard(existing, grams) >= threshold))
      continue;
    kept.push({ ...item, question: text });
    keptKeys.add(key);
    keptGrams.push(grams);
  }
  return kept;
}

export function splitSentences(text: string): string[] {
  return text
    .replace(/\r/g, '')
    .split(/(?<=[。！？!?])|\n+/)
    .map((sentence) =>
      sentence
        .replace(/^[-*#>\s|]+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((sentence) => sentence.length >= 8 && !/^\|?\s*-{3}/.test(sentence));
}

/** Fits an answer into the target length without cutting a sentence in half when avoidable. */
export function fitLength(sentences: string[], min: number, max: number): string {
  let answer = '';
  for (const sentence of sentences) {
    if (answer.length >= min) break;
    if ((answer + sentence).length > max && answer.length > 0) break;
    answer += sentence.endsWith('。') || /[!?！？]$/.test(sentence) ? sentence : `${sentence}。`;
  }
  if (answer.length > max) answer = `${answer.slice(0, max - 1)}…`;
  return answer;
}
