import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnalyzer, type Analyzer } from './japanese.ts';
import { shortAnswersOf } from './engine-answers.test-support.ts';
import { needQuestion } from './need-questions.ts';

/** What a page requires of the customer, asked as 「…は必要ですか？」 (issue 23). */
let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await loadAnalyzer();
});

describe('needQuestion', () => {
  it('asks the whole thing required, and for whom', () => {
    const asked = (sentence: string) => needQuestion(analyzer, sentence)?.question;
    expect(asked('未就園児のかたは、事前申込みが必要になります。')).toBe(
      '未就園児は事前申込みが必要ですか？',
    );
    expect(asked('同意書へのご記入が必要になります。')).toBe('同意書への記入は必要ですか？');
    expect(asked('宿泊者名簿の記入をお願い致します。')).toBe('宿泊者名簿の記入は必要ですか？');
    expect(asked('法的な本人確認を要するため、原則として当事務所に来所が必要です')).toBe(
      '来所は必要ですか？',
    );
    expect(needQuestion(analyzer, '焚き火シート必須')).toEqual({
      question: '焚き火シートは必要ですか？',
      statement: '焚き火シートは必須です。',
    });
  });

  it('asks nothing of part of a phrase, a courtesy, or a request about another topic', () => {
    for (const sentence of [
      'お子さんの状況により、数日慣らし保育が必要です。',
      'ご利用時間には、準備・後片付けの時間を含んでのお申込みをお願いします。',
      '変更があった時点で速やかに連絡をお願いします。',
      'ご予約の変更は前日までにご連絡をお願いします。',
      'ご理解とご協力をお願いいたします。',
      'ドッグランの利用は、事前に所定の手続きが必要です。',
      'その場合は追加料金が必要です。',
    ])
      expect(needQuestion(analyzer, sentence), sentence).toBeUndefined();
  });

  it('is answered はい with the page’s sentence through the engine', () => {
    const answers = shortAnswersOf(analyzer, [
      'こども園の入園案内です。',
      '未就園児のかたは、事前申込みが必要になります。',
    ]);
    expect(answers.has('未就園児は事前申込みが必要ですか？')).toBe(true);
    expect(answers.get('未就園児は事前申込みが必要ですか？')).toBe(
      'はい、未就園児のかたは、事前申込みが必要になります。',
    );
  });
});
