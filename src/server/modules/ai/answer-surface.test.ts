import { beforeAll, describe, expect, it } from 'vitest';
import { readsAsProse, withoutSpacedUnits } from './answer-surface.ts';
import { loadAnalyzer, type Analyzer } from './japanese.ts';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await loadAnalyzer();
});

// Each line is an answer the engine quoted from a real page, and how it reads said as a sentence.
describe('readsAsProse', () => {
  it.each([
    // A clipped note said with its copula or its request.
    ['公共のスペースは禁煙。', '公共のスペースは禁煙です。'],
    ['前日17時以降は全額。', '前日17時以降は全額です。'],
    ['門限は24:00。', '門限は24:00です。'],
    [
      'キャンセルする際は、前日18時までにご連絡。',
      'キャンセルする際は、前日18時までにご連絡ください。',
    ],
    // A table row's space after a condition reads は; a fee's spaces go.
    [
      '利用開始日の29~8日前まで ご予約料金の30%。',
      '利用開始日の29~8日前まではご予約料金の30%です。',
    ],
    ['機材使用料は30分 500円です。', '機材使用料は30分500円です。'],
    [
      '基本保育料金は1時間600円 (10分毎に100円)です。',
      '基本保育料金は1時間600円(10分毎に100円)です。',
    ],
    ['消臭抗菌コート ¥1,000。', '消臭抗菌コートは¥1,000です。'],
    ['勤怠データ集計は1人あたり1,000円 加算です。', '勤怠データ集計は1人あたり1,000円加算です。'],
    // Labels and slashes of a schedule said as a list.
    [
      'キャンセルポリシーは1週間前~2日前:宿泊料金の20% / 前日:宿泊料金の30% /当日:全額です。',
      'キャンセルポリシーは1週間前~2日前は宿泊料金の20%、前日は宿泊料金の30%、当日は全額です。',
    ],
    ['当日7:00まで :無料。', '当日7:00までは無料です。'],
    [
      'キャンセル料について 前日までのキャンセル:料金はかかりません。',
      '前日までのキャンセルは、料金はかかりません。',
    ],
    [
      '【個人】 課税事業者の基本報酬 (月額)は25,000円~です。',
      '個人、課税事業者の基本報酬(月額)は25,000円~です。',
    ],
    ['チェックインは12:30時~16時です。', 'チェックインは12:30~16時です。'],
    [
      '5、レンタサイクルの利用後は、貸出日の午後4時までに返却して下さい。',
      'レンタサイクルの利用後は、貸出日の午後4時までに返却して下さい。',
    ],
    ['開塾時間は16:00 〜 23:00 (7時間)です。', '開塾時間は16:00〜23:00(7時間)です。'],
    // A notice's rule said of its thing, and its note on a line of its own kept with it.
    [
      '打ち上げ、吹き上げ花火禁止。手持ち花火可。',
      '打ち上げ、吹き上げ花火は禁止です。手持ち花火は可能です。',
    ],
    ['焚き火シート必須。', '焚き火シートは必須です。'],
    [
      '夏季休塾は8月中旬の1週間( 夏期講習があります)です。',
      '夏季休塾は8月中旬の1週間(夏期講習があります)です。',
    ],
    ['【ペットホテルキャンセルポリシー】前日は宿泊料金の30%です。', '前日は宿泊料金の30%です。'],
    [
      '手持ち花火のみ可。(打上げ花火・吹上花火は禁止)。',
      '手持ち花火のみ可能です（打上げ花火・吹上花火は禁止）。',
    ],
    // An answer does not open on a connective that leans on what it does not say.
    [
      '尚、作業日確定から48時間以内であれば、キャンセル料はいただきません。',
      '作業日確定から48時間以内であれば、キャンセル料はいただきません。',
    ],
  ])('「%s」 → 「%s」', (quoted, said) => {
    expect(readsAsProse(analyzer, quoted)).toBe(said);
  });

  it.each([
    // A rate, a time, an open range before its fee and Latin words keep their marks.
    '基本料金は5,000円/日です。',
    'アーリーチェックインは13:00~ 2,200円(1棟につき)です。',
    'チェックアウト Check-out AM10:00。',
    '例 1月6日15時に予約している場合は変更できます。',
    // A verb cut short or a mistyped ending is not given a copula.
    '安全基準に適合しているかどうかを確認。',
    '来店前にお済ませ下。',
    // Nothing to say it of: a list of names.
    'ご利用ガイド、よくあるご質問。',
    // A rule already said of its thing.
    '予約は必須です。',
  ])('leaves 「%s」 as the page wrote it', (quoted) => {
    expect(readsAsProse(analyzer, quoted)).toBe(quoted);
  });
});

describe('withoutSpacedUnits', () => {
  it('writes a thousands point before 円 as a comma, and leaves a decimal alone', () => {
    expect(withoutSpacedUnits('入会金は3.000円、月2回は7.000円~です。')).toBe(
      '入会金は3,000円、月2回は7,000円~です。',
    );
    expect(withoutSpacedUnits('1.5倍、2.50円、12.000.000円')).toBe('1.5倍、2.50円、12.000.000円');
  });

  it('says the yen once', () => {
    expect(withoutSpacedUnits('薪は¥300円、炭は￥1,000です。')).toBe(
      '薪は300円、炭は￥1,000です。',
    );
  });
});
