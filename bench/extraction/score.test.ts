import { describe, expect, it } from 'vitest';
import { pageCounts, score, shingles } from './score.ts';

describe('extraction score', () => {
  it('cuts text into overlapping 4-token shingles, short texts into one', () => {
    expect([...shingles('a b c d e').entries()]).toEqual([
      ['a b c d', 1],
      ['b c d e', 1],
    ]);
    expect([...shingles('only two').keys()]).toEqual(['only two']);
    expect(shingles('  ').size).toBe(0);
  });

  it('normalises each page so long and short pages weigh the same', () => {
    const counts = pageCounts('a b c d e f', 'a b c d e f g h');
    // 3 shared shingles, 2 extra, none missing.
    expect(counts.tp).toBeCloseTo(3 / 5);
    expect(counts.fp).toBeCloseTo(2 / 5);
    expect(counts.fn).toBe(0);
  });

  it('averages precision and recall over pages and takes F1 of the means', () => {
    const result = score([
      { truth: 'a b c d e f', predicted: 'a b c d e f' },
      { truth: 'a b c d e f', predicted: 'a b c d e f g h' },
      { truth: 'a b c d e f', predicted: '' },
    ]);
    // Page 3 has no prediction: it counts for recall (0) but not for precision.
    expect(result.precision).toBeCloseTo((1 + 3 / 5) / 2);
    expect(result.recall).toBeCloseTo((1 + 1 + 0) / 3);
    expect(result.f1).toBeCloseTo(
      (2 * result.precision * result.recall) / (result.precision + result.recall),
    );
  });
});
