import { beforeAll, describe, expect, it } from 'vitest';
import { caseQuestion } from './case-questions.ts';
import { loadAnalyzer, type Analyzer } from './japanese.ts';
import { shortAnswersOf } from './engine-answers.test-support.ts';

/** A rule written as a case and what follows, asked as the customer asks it (issue 23). */
describe('caseQuestion', () => {
  it('asks what happens, in the customer’s words', () => {
    expect(
      caseQuestion(
        'ホテルのご利用が24時間を超過した場合は、ショートステイ料金を追加料金として申し受けます。',
      ),
    ).toBe('ホテルの利用が24時間を超過した場合は費用がかかりますか？');
    expect(
      caseQuestion(
        'レンタル器材が紛失、損傷した場合、レンタル器材の再購入代金等をご請求させていただきます。',
      ),
    ).toBe('レンタル器材が紛失・損傷した場合は費用がかかりますか？');
    expect(caseQuestion('返却期限日が定休日の水曜日の場合、翌日の木曜日の返却で大丈夫です。')).toBe(
      '返却期限日が定休日の水曜日の場合はどうなりますか？',
    );
    expect(
      caseQuestion(
        'お客様が、事前連絡なしに予約時刻を30分過ぎても到着されない場合、予約キャンセルとなります。',
      ),
    ).toBe('事前連絡なしに予約時刻を30分過ぎても到着しない場合はどうなりますか？');
  });

  it('asks what to do where the page says what to do, and what happens where it warns', () => {
    expect(caseQuestion('返却が遅れる場合は、必ず電話にてご連絡をお願いします。')).toBe(
      '返却が遅れる場合はどうすればよいですか？',
    );
    expect(caseQuestion('休会をご希望の場合は、前月末までのご連絡をお願いいたします。')).toBe(
      '休会を希望する場合はどうすればよいですか？',
    );
    expect(caseQuestion('現金書留でお支払いいただく場合は、封筒に記載し郵送してください。')).toBe(
      '現金書留で支払う場合はどうすればよいですか？',
    );
    expect(caseQuestion('振替日に欠席された場合、振替分は消失となりますのでご注意ください。')).toBe(
      '振替日に欠席した場合はどうなりますか？',
    );
  });

  it('asks nothing of a case said in the business’s voice, leaning elsewhere, or cut short', () => {
    for (const sentence of [
      '講師の指示に従っていただけない場合は、クラスの受講を控えていただく場合があります。',
      '同意書の有効期限は6ヶ月となりますので継続する場合は、再度、受診が必要です。',
      '継続の意志のない場合や本人の事情で中断する場合は、早めのご連絡をお願い致します。',
      'その場合は、別途料金がかかります。',
      '1回で積みきれず2往復目をご依頼になる場合',
      'ご予約の際は、お名前をお伝えください。',
      '研修目的の場合、別途お問合せください。',
      'ご連絡が取れない場合は、ご予約はキャンセルとなります。',
      'ご予約時間に遅刻された場合、メニューを変更させて頂く場合がございます。',
    ])
      expect(caseQuestion(sentence), sentence).toBeUndefined();
  });
});

describe('cases through the engine', () => {
  let analyzer: Analyzer;
  beforeAll(async () => {
    analyzer = await loadAnalyzer();
  });

  it('answers the case question with the page’s sentence, without its connective', () => {
    const answers = shortAnswersOf(analyzer, [
      '着物レンタルのご案内です。',
      'ただし、レンタル品を損失、破損等された場合は、販売価格を請求させていただきます。',
    ]);
    expect(answers.has('レンタル品を損失・破損等した場合はどうなりますか？')).toBe(true);
    expect(answers.get('レンタル品を損失・破損等した場合はどうなりますか？')).toBe(
      'レンタル品を損失、破損等された場合は、販売価格を請求させていただきます。',
    );
  });
});
