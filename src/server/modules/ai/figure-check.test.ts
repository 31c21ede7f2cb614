import { describe, expect, it } from 'vitest';
import { unbackedSpecifics, unsupportedFigures } from './figure-check.ts';
import { extractFigures } from './figure-extract.ts';

describe('unsupportedFigures: the same figure written another way is found', () => {
  it.each([
    ['full-width digits', '料金は４，８４０円です。', '料金 4,840円'],
    ['thousands separator', '料金は4840円です。', '料金：4,840円（税込）'],
    ['kanji numerals', '料金は三千円です。', '3,000円'],
    ['man', '入会金は1万円です。', '入会金 10,000円'],
    ['man and sen', '1万2千円です。', '12,000円'],
    ['yen sign', '¥1,500です。', '1500円'],
    ['thousands point before 円', '入会金は3,000円です。', '入会金:3.000円'],
    ['tax stated by the answer, page says it once', '1,100円（税込）です。', 'カット 1,100円'],
    ['tax in', '税込4,840円です。', '4,840円（税込）'],
    ['10時 = 10:00', '10時から18時まで営業しています。', '営業時間 10:00〜18:00'],
    ['range with one unit', '10時〜18時です。', '10〜18時'],
    ['午後', '午後5時に閉店します。', '閉店 17:00'],
    ['17時 against 午後5時', '17時までです。', '午後5時まで'],
    ['半', '17時30分からです。', '夜の部 17時半〜'],
    ['kanji hour', '十時に開店します。', '開店 10:00'],
    ['date', '12月31日はお休みです。', '休業日：12/31'],
    ['date with year', '2025年4月1日から値上げします。', '2025/4/1より'],
    ['era', '令和7年に開業しました。', '2025年開業'],
    ['weekday', '火曜日が定休日です。', '定休日：火曜'],
    ['weekday in a list', '水曜日はお休みです。', '定休日 火・水'],
    ['weekday in a range', '水曜日も営業しています。', '営業日 月〜金'],
    ['duration', '施術は1時間半です。', '施術時間 90分'],
    ['weeks', 'お届けまで2週間です。', '14日以内にお届け'],
    ['count', '駐車場は5台分あります。', '駐車場 5台'],
    ['persons', '最大4人までご利用いただけます。', '定員4名'],
    ['age', '小学生（12歳以下）は無料です。', '12歳以下無料'],
    ['percent', '2割引です。', '20%OFF'],
    ['phone', 'お電話（03-1234-5678）でどうぞ。', 'TEL 03(1234)5678'],
    ['phone with +81', '03-1234-5678までどうぞ。', '+81-3-1234-5678'],
    ['email', 'info@example.jp までご連絡ください。', 'メール：INFO@example.jp'],
    [
      'url',
      '詳しくは https://example.jp/reserve をご覧ください。',
      'https://www.example.jp/reserve/',
    ],
    ['postal', '〒060-0001 にあります。', '〒0600001 札幌市 060-0001'],
    ['table cell', '会議室Aは3,000円です。', '| 会議室A | 3000 |'],
    ['hour in a bare range', '10時から18時まで営業です。', '営業 10-18'],
  ])('%s', (_, answer, evidence) => {
    expect(unsupportedFigures(answer, evidence)).toEqual([]);
  });
});

describe('unsupportedFigures: a different figure is named as the answer writes it', () => {
  it.each([
    ['price changed', '料金は4,400円です。', '料金：4,840円', ['4,400円']],
    ['tax flipped', '税込1,000円です。', '1,000円（税別）', ['1,000円']],
    ['time changed', '19時まで営業しています。', '営業時間 10:00〜18:00', ['19時']],
    ['午前 for 午後', '午前5時に閉店します。', '午後5時閉店', ['午前5時']],
    ['date changed', '12月30日はお休みです。', '休業日：12/31', ['12月30日']],
    ['weekday changed', '水曜日が定休日です。', '定休日：火曜日', ['水曜']],
    ['count changed', '駐車場は6台あります。', '駐車場 5台', ['6台']],
    ['age changed', '10歳以下は無料です。', '12歳以下無料', ['10歳']],
    ['percent changed', '30%オフです。', '20%OFF', ['30%']],
    ['phone invented', 'お電話（03-9999-0000）でどうぞ。', '電話 03-1234-5678', ['03-9999-0000']],
    ['email invented', 'shop@example.com へ。', 'info@example.jp', ['shop@example.com']],
    [
      'url invented',
      'https://example.com/faq をご覧ください。',
      'https://example.jp/',
      ['https://example.com/faq'],
    ],
    ['postal changed', '〒060-0002 です。', '〒060-0001', ['〒060-0002']],
    ['duration changed', '施術は60分です。', '施術時間 90分', ['60分']],
    ['full-width kept in the phrase', '料金は４，４００円です。', '4,840円', ['４，４００円']],
    ['only the wrong end of a range', '10時〜19時です。', '10:00〜18:00', ['19時']],
  ])('%s', (_, answer, evidence, phrases) => {
    expect(unsupportedFigures(answer, evidence)).toEqual(phrases);
  });
});

describe('extractFigures', () => {
  it('reads nothing from words that only look like numbers', () => {
    expect(
      extractFigures(
        '一緒にご来店ください。一時的に十分な量をご用意します。一人ひとりに合わせます。',
      ),
    ).toEqual([]);
  });

  it('reads a time with its minutes as one time, not a duration', () => {
    expect(extractFigures('10時30分から').map((item) => [item.kind, item.key])).toEqual([
      ['time', 'clock:630'],
    ]);
  });

  it('keeps 24時間 a duration', () => {
    expect(extractFigures('24時間受付').map((item) => item.kind)).toEqual(['duration']);
  });

  it('reads a phone number, not a range or a date', () => {
    expect(extractFigures('0120-123-456').map((item) => item.kind)).toEqual(['phone']);
  });
});

describe('unbackedSpecifics (category mode)', () => {
  it('names prices, phone numbers, URLs and addresses', () => {
    expect(
      unbackedSpecifics(
        '費用は3万円程度です。詳しくは03-1234-5678、https://example.jp 、東京都千代田区の窓口へ。',
      ),
    ).toEqual(['3万円', '03-1234-5678', 'https://example.jp', '東京都千代田区']);
  });

  it('leaves general advice alone', () => {
    expect(unbackedSpecifics('費用は数万円かかることが多く、2〜3週間ほどが目安です。')).toEqual([]);
  });
});
