import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnalyzer, type Analyzer } from './japanese.ts';
import { shortAnswersOf } from './engine-answers.test-support.ts';
import { passagesOf } from './passages.ts';
import { pricedList } from './price-lines.ts';

/** Prices as a menu line lists them (issue 23). */
describe('pricedList', () => {
  it('reads each item and its price, a comma inside a figure staying in it', () => {
    expect(pricedList('カット ¥4,400、カラー ¥6,600、パーマ 8,800円〜')).toEqual([
      ['カット', '¥4,400'],
      ['カラー', '¥6,600'],
      ['パーマ', '8,800円〜'],
    ]);
  });

  it('keeps the kinds of a fee with the fee', () => {
    expect(
      pricedList('デザインカット代 ¥500〜、おパンツ ¥1,000、ブレス ¥1,000、ブーツ ¥1,000'),
    ).toEqual([['デザインカット代', '¥500〜（おパンツ・ブレス・ブーツは各¥1,000）']]);
  });

  it('reads no list where a part is no priced item', () => {
    expect(pricedList('カット ¥4,400、カラーは応相談')).toBeUndefined();
    expect(pricedList('カット ¥4,400')).toBeUndefined();
  });
});

describe('priced lines through the engine', () => {
  let analyzer: Analyzer;
  beforeAll(async () => {
    analyzer = await loadAnalyzer();
  });

  it('asks a fee with a long note after its price, and a fee listed with its kinds', () => {
    const lines = [
      'トリミングサロンのご案内です。',
      '- デザインカット代 ¥500〜、おパンツ ¥1,000、ブレス ¥1,000',
      '- 介助保定料 ¥500〜(噛む・暴れる・嫌がる、高齢犬で保定が必要 etc)',
    ];
    expect(
      passagesOf([{ url: 'https://example.jp/', title: '', markdown: lines.join('\n') }]).filter(
        (passage) => passage.kind === 'pair',
      ),
    ).toHaveLength(2);
    const answers = shortAnswersOf(analyzer, lines);
    expect(answers.get('デザインカット代はいくらですか？')).toBe(
      'デザインカット代は¥500〜（おパンツ・ブレスは各¥1,000）です。',
    );
    expect(answers.get('介助保定料はいくらですか？')).toMatch(/^介助保定料は¥500〜/);
  });

  it('reads each name of a spaced header over its value on the next line', () => {
    const answers = shortAnswersOf(analyzer, [
      '便利屋の料金は以下の表の合計で算出されます',
      '',
      '基本料金 作業時間 人数 材料費 移動費',
      '¥3,000(1日) ¥1,500(1時間) 基本料金×作業時間×人数 ※作業内容により異なります 20キロ以上は1キロ+¥100',
    ]);
    expect(answers.get('基本料金はいくらですか？')).toBe('基本料金は¥3,000(1日)です。');
    expect(answers.get('移動費はいくらですか？')).toBe('移動費は20キロ以上は1キロ+¥100です。');
    expect([...answers.keys()].join()).not.toMatch(/人数/);
  });
});
