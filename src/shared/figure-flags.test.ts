import { describe, expect, it } from 'vitest';
import { flagNote, markedParts, withFlaggedNote } from './figure-flags.ts';
import { readFaqItems } from './generations.ts';

describe('markedParts', () => {
  it('cuts the answer into text and the phrases to mark, each occurrence in order', () => {
    expect(markedParts('料金は4,400円、延長は4,400円です。', ['4,400円'])).toEqual([
      { text: '料金は', marked: false },
      { text: '4,400円', marked: true },
      { text: '、延長は', marked: false },
      { text: '4,400円', marked: true },
      { text: 'です。', marked: false },
    ]);
  });

  it('prefers the longer phrase where two start alike, and leaves an answer without them whole', () => {
    expect(markedParts('午後5時まで', ['5時', '午後5時'])).toEqual([
      { text: '午後5時', marked: true },
      { text: 'まで', marked: false },
    ]);
    expect(markedParts('定休日は火曜日です。', ['4,400円'])).toEqual([
      { text: '定休日は火曜日です。', marked: false },
    ]);
  });
});

describe('what 要確認 says', () => {
  it('names the phrases, and says nothing backs them in category mode', () => {
    expect(flagNote({ unverified: { phrases: ['4,400円'] } })).toBe(
      '要確認: ページ（根拠）に見つからない値があります（「4,400円」）',
    );
    expect(flagNote({ unverified: { phrases: ['3万円'], noSource: true } })).toBe(
      '要確認: 根拠のない具体的な値があります（「3万円」）',
    );
    expect(flagNote({})).toBeNull();
  });

  it('counts flagged answers in the finished message, only when there are some', () => {
    expect(withFlaggedNote('FAQの生成が完了しました', 0)).toBe('FAQの生成が完了しました');
    expect(withFlaggedNote('FAQの生成が完了しました', 2)).toMatch(
      /^FAQの生成が完了しました。2件の回答は要確認です/,
    );
  });

  it('a stored flag that is malformed is dropped, the answer kept', () => {
    const [item] = readFaqItems([
      { question: 'Q', answer: 'A', answerSource: 'ai_direct', approved: true, unverified: 'x' },
    ]);
    expect(item).toEqual({ question: 'Q', answer: 'A', answerSource: 'ai_direct', approved: true });
  });
});
