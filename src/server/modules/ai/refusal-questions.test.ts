import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnalyzer, type Analyzer } from './japanese.ts';
import { shortAnswersOf } from './engine-answers.test-support.ts';
import { refusalQuestion } from './refusal-questions.ts';

/** What a page refuses or forbids, asked whole (issue 23). */
let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await loadAnalyzer();
});

describe('refusalQuestion', () => {
  it('asks the whole phrase refused, without the words that open the sentence', () => {
    const asked = (sentence: string) => refusalQuestion(analyzer, sentence)?.question;
    expect(asked('電話での病気に関する質問や飼育相談はお断りしております。')).toBe(
      '電話での病気に関する質問や飼育相談はできますか？',
    );
    expect(asked('現在、当院ではお電話での時間予約は承っておりません。')).toBe(
      'お電話での時間予約はできますか？',
    );
    expect(asked('小さなお子様(幼稚園児・保育園児まで)を連れての来院はご遠慮ください。')).toBe(
      '小さなお子様を連れての来院はできますか？',
    );
    expect(asked('大変恐縮ですが、男性のみの滞在をご遠慮いただいております。')).toBe(
      '男性のみの滞在はできますか？',
    );
    expect(
      asked('トラブル防止のため、ネイリスト・ネイルスクール生のご予約はお断りしております。'),
    ).toBe('ネイリスト・ネイルスクール生のご予約はできますか？');
    expect(asked('決算業務・申告業務のみのご依頼は、原則としてお引き受けしておりません。')).toBe(
      '決算業務・申告業務のみのご依頼はできますか？',
    );
    expect(asked('ドローンの飛行、撮影は禁止です。')).toBe('ドローンの飛行・撮影はできますか？');
  });

  it('says a bare list line as a sentence', () => {
    expect(refusalQuestion(analyzer, '音響機器のお持込禁止')).toEqual({
      question: '音響機器のお持込はできますか？',
      statement: '音響機器のお持込は禁止です。',
    });
  });

  it('asks nothing of a case, a second topic, a thing rather than a doing, or a pointer', () => {
    for (const sentence of [
      'ノミ予防をされていない場合予約をお受けすることはできません。',
      '管理棟内は衛生管理上、ペットのご入室はご遠慮いただいております。',
      '室内は土足厳禁です。',
      '上記以外のご利用はお断りしております。',
      '掲示、物品販売、その他施設に悪影響を及ぼす行為は禁止です。',
      '当日のご予約も承っております。',
    ])
      expect(refusalQuestion(analyzer, sentence), sentence).toBeUndefined();
  });
});

describe('refusals through the engine', () => {
  it('asks the refusal and answers it with いいえ and the page sentence', () => {
    const answers = shortAnswersOf(analyzer, [
      '動物病院のご案内です。',
      '電話での病気に関する質問や飼育相談はお断りしております。',
      'ガスコンロ以外の火気使用は厳禁です。',
    ]);
    expect(answers.get('電話での病気に関する質問や飼育相談はできますか？')).toBe(
      'いいえ、電話での病気に関する質問や飼育相談はお断りしております。',
    );
    expect(answers.get('ガスコンロ以外の火気使用はできますか？')).toBe(
      'いいえ、ガスコンロ以外の火気使用は厳禁です。',
    );
  });
});
