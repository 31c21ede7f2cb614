/**
 * The article-extraction-benchmark metric (see bench/extraction/data/README.md): token
 * 4-shingles compared as multisets, per-page counts normalised so every page weighs the same,
 * precision and recall averaged over pages, F1 from the two means.
 */
const TOKEN = /[\p{L}\p{N}_]+/gu;

export function shingles(text: string, size = 4): Map<string, number> {
  const tokens = text.match(TOKEN) ?? [];
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  if (tokens.length === 0) return counts;
  if (tokens.length < size) {
    add(tokens.join(' '));
    return counts;
  }
  for (let index = 0; index + size <= tokens.length; index++)
    add(tokens.slice(index, index + size).join(' '));
  return counts;
}

export interface PageCounts {
  tp: number;
  fp: number;
  fn: number;
}

export function pageCounts(truth: string, predicted: string): PageCounts {
  const expected = shingles(truth);
  const actual = shingles(predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, count] of actual) {
    const want = expected.get(key) ?? 0;
    tp += Math.min(want, count);
    fp += Math.max(0, count - want);
  }
  for (const [key, count] of expected) fn += Math.max(0, count - (actual.get(key) ?? 0));
  const total = tp + fp + fn;
  return total === 0 ? { tp: 0, fp: 0, fn: 0 } : { tp: tp / total, fp: fp / total, fn: fn / total };
}

export interface Score {
  precision: number;
  recall: number;
  f1: number;
}

export function score(pages: { truth: string; predicted: string }[]): Score {
  const precisions: number[] = [];
  const recalls: number[] = [];
  for (const { truth, predicted } of pages) {
    const { tp, fp, fn } = pageCounts(truth, predicted);
    if (fp === 0 && fn === 0) {
      precisions.push(1);
      recalls.push(1);
      continue;
    }
    if (tp + fp > 0) precisions.push(tp / (tp + fp));
    if (tp + fn > 0) recalls.push(tp / (tp + fn));
  }
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  const precision = mean(precisions);
  const recall = mean(recalls);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}
