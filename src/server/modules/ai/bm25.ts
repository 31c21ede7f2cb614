import { contentWords, type Analyzer } from './japanese.ts';

/**
 * Okapi BM25 over segmented passages: which passages a question is about. Words are content
 * words (base forms) from the morphological analyser, so 「予約できますか」 finds 「予約は…受け付けて
 * います」 and a long passage does not win by length alone.
 */
export interface Bm25Index<T> {
  items: T[];
  search(query: string, limit: number): { item: T; score: number }[];
}

const K1 = 1.2;
const B = 0.75;

export function buildBm25<T>(
  analyzer: Analyzer,
  items: T[],
  textOf: (item: T) => string,
): Bm25Index<T> {
  const documents = items.map((item) => {
    const frequencies = new Map<string, number>();
    const words = contentWords(analyzer, textOf(item));
    for (const word of words) frequencies.set(word, (frequencies.get(word) ?? 0) + 1);
    return { frequencies, length: words.length };
  });
  const documentFrequency = new Map<string, number>();
  for (const document of documents) {
    for (const word of document.frequencies.keys())
      documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  }
  const averageLength =
    documents.reduce((sum, document) => sum + document.length, 0) / Math.max(1, documents.length);
  const idf = (word: string) => {
    const frequency = documentFrequency.get(word) ?? 0;
    return Math.log(1 + (documents.length - frequency + 0.5) / (frequency + 0.5));
  };

  return {
    items,
    search(query, limit) {
      const words = [...new Set(contentWords(analyzer, query))];
      if (words.length === 0) return [];
      const scored: { item: T; score: number }[] = [];
      documents.forEach((document, position) => {
        let score = 0;
        for (const word of words) {
          const frequency = document.frequencies.get(word);
          if (!frequency) continue;
          score +=
            (idf(word) * frequency * (K1 + 1)) /
            (frequency + K1 * (1 - B + (B * document.length) / (averageLength || 1)));
        }
        if (score > 0) scored.push({ item: items[position]!, score });
      });
      return scored.sort((left, right) => right.score - left.score).slice(0, limit);
    },
  };
}
