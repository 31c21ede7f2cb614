import { describe, expect, it } from 'vitest';
import { fieldQuestions } from './field-questions.ts';
import { passagesOf } from './passages.ts';
import { withoutCutOffEnd } from './page-lines.ts';

const page = (markdown: string) => [{ url: 'https://example.jp/', title: '', markdown }];

describe('passages of a page pasted as plain text', () => {
  it('reads 「…について」 on a line of its own as the heading of the lines under it', () => {
    const passages = passagesOf(
      page(
        [
          'キャンセルについて',
          '前日までのご連絡で無料です。',
          '当日は料金の全額を頂きます。',
          '小学生の料金について',
          '1回2,000円です。',
        ].join('\n'),
      ),
    );
    expect(passages.map((passage) => passage.text)).not.toContain('キャンセルについて');
    const [first, second, price] = passages;
    expect(first!.section).toBe('キャンセル');
    expect(second!.sectionId).toBe(first!.sectionId);
    expect(price!.section).toBe('小学生の料金');
    expect(price!.sectionId).not.toBe(first!.sectionId);
  });

  it('keeps the rules under such a heading as facts of their own, not one list', () => {
    const passages = passagesOf(
      page(['キャンセルについて', '・前日：50%', '・当日：100%'].join('\n')),
    );
    expect(passages.some((passage) => passage.kind === 'list')).toBe(false);
    expect(passages).toHaveLength(2);
  });

  it('joins a line cut after 「の」 to the line it goes on in', () => {
    const passages = passagesOf(page(['利用開始日の', '29~8日前まで ご予約料金の30%'].join('\n')));
    expect(passages.map((passage) => passage.text)).toEqual([
      '利用開始日の29~8日前まで ご予約料金の30%',
    ]);
  });
});

describe('prices on lines of their own', () => {
  it('reads 「品目 お一人様6,000円」 as the item and its price per person', () => {
    const [passage] = passagesOf(page('料理+ドリンク飲み放題3時間 お一人様6,000円(税込)'));
    expect(passage).toMatchObject({ kind: 'pair', label: '料理+ドリンク飲み放題3時間' });
  });

  it('names a price line with no name by the fee over it, and nothing else by it', () => {
    const passages = passagesOf(
      page(
        [
          '基本保育料金 9:00~19:00',
          '1時間600円 (10分毎に100円)',
          '時間外保育料金 19:00~20:00',
          'お迎えの際は保育士にお声がけください。',
        ].join('\n'),
      ),
    );
    expect(passages.find((passage) => passage.text.startsWith('1時間'))?.named).toBe(
      '基本保育料金',
    );
    expect(passages.find((passage) => passage.text.startsWith('お迎え'))?.named).toBeUndefined();
  });

  it('reads a price cell that runs into its note as the price, then the note', () => {
    const passages = passagesOf(page('入塾金¥5,000 全学年共通して、入塾時に納入してください。'));
    expect(passages.map((passage) => [passage.kind, passage.text])).toEqual([
      ['pair', '入塾金 ¥5,000'],
      ['sentence', '全学年共通して、入塾時に納入してください。'],
    ]);
  });

  it('takes no 「…ごとに」 for an item’s name', () => {
    const [passage] = passagesOf(page('両プラン共に延長30分ごとに お一人様につき500円(税込)'));
    expect(passage?.kind).toBe('sentence');
  });
});

describe('an hours table copied as text', () => {
  it('gives the times under 「診療時間」 to it, and reads 「受付時間のご案内」 as a heading', () => {
    const passages = passagesOf(
      page(
        [
          '受付時間のご案内',
          '・初めての方:午前は11:00まで、午後は18:00まで',
          '診療時間 日・祝',
          '8:30~12:00',
          '13:30~19:00',
        ].join('\n'),
      ),
    );
    expect(passages.at(-1)).toMatchObject({
      kind: 'pair',
      label: '診療時間',
      text: '診療時間：8:30~12:00、13:30~19:00',
      section: '受付時間',
    });
  });
});

describe('a caption over a price list', () => {
  it('is what each price under it is for', () => {
    const passages = passagesOf(
      page(
        [
          '技人国(技術・人文知識・国際業務)',
          '在留資格認定証明書交付申請¥110,000',
          '在留期間更新許可申請¥55,000',
          '## 料金表',
          'カット 4,400円',
          'カラー 6,600円',
        ].join('\n'),
      ),
    );
    const captions = passages.map((passage) => [passage.label, passage.caption]);
    expect(captions).toContainEqual(['在留資格認定証明書交付申請', '技人国']);
    expect(captions).toContainEqual(['在留期間更新許可申請', '技人国']);
    // 「料金表」 says only that they are prices.
    expect(passages.find((passage) => passage.label === 'カット')?.caption).toBeUndefined();
  });

  it('is a name on a line of its own over priced lines, for the first and the others', () => {
    const passages = passagesOf(
      page(
        [
          '給与計算顧問',
          '最低料金(4人まで)20,000円',
          '勤怠データ集計 1人あたり 1,000円 加算',
          '料金システム',
          '基本作業料 1時間2000円',
        ].join('\n'),
      ),
    );
    const captions = passages.map((passage) => [passage.label, passage.caption]);
    expect(captions).toEqual([
      ['最低料金(4人まで)', '給与計算顧問'],
      ['勤怠データ集計', '給与計算顧問'],
      ['基本作業料', undefined],
    ]);
  });
});

describe('a table copied as text with spaces between its cells', () => {
  const priceTable = [
    '※表示は全て税抜き料金となります。',
    'お部屋の種類 小型犬 中型犬',
    '基本料金 4,000円~ 4,500円~',
    '超過料金(1時間ごと)',
  ].join('\n');

  it('gives a row under a header of as many cells its columns back', () => {
    const row = passagesOf(page(priceTable)).find((passage) => passage.kind === 'row');
    expect(row?.label).toBe('基本料金');
    expect(row?.fields).toEqual([
      { name: '小型犬', value: '4,000円~' },
      { name: '中型犬', value: '4,500円~' },
    ]);
  });

  it('asks each column’s fee by its name: 「小型犬の基本料金」', () => {
    const row = passagesOf(page(priceTable)).find((passage) => passage.kind === 'row')!;
    expect(fieldQuestions(row).map((candidate) => candidate.statement)).toEqual([
      '小型犬の基本料金は4,000円~です。',
      '中型犬の基本料金は4,500円~です。',
    ]);
  });

  it('keeps a row whose label the page broke over lines, and asks its fee by column and step', () => {
    const table = [
      'お部屋の種類 小型犬 中型犬',
      '基本料金 4,000円~ 4,500円~',
      '超過料金(1時間ごと)',
      '19:00~',
      '800円~ 800円~',
    ].join('\n');
    const row = passagesOf(page(table)).find((passage) => passage.label?.startsWith('超過'));
    expect(row?.fields).toEqual([
      { name: '小型犬', value: '800円~' },
      { name: '中型犬', value: '800円~' },
    ]);
    expect(fieldQuestions(row!).map((candidate) => candidate.question)).toEqual([
      '小型犬の19:00以降の超過料金(1時間ごと)はいくらですか？',
      '中型犬の19:00以降の超過料金(1時間ごと)はいくらですか？',
    ]);
  });

  it('leaves spaced words that are no table as they are', () => {
    const passages = passagesOf(page('営業日 月 水 金\n季節により変わります。'));
    expect(passages.some((passage) => passage.kind === 'row')).toBe(false);
  });
});

describe('a page titled with the question it answers', () => {
  it('asks its first line, answered by the paragraph under it, not by the date it was posted', () => {
    const passages = passagesOf(
      page(
        [
          '何時までやっていますか?',
          '',
          '掲載日:2019.05.25',
          '',
          '基本は9時~16時頃までですが、いちごが無くなり次第閉園です。',
          '',
          '駐車可能台数を制限します。',
        ].join('\n'),
      ),
    );
    expect(passages.filter((passage) => passage.kind === 'qa')).toEqual([
      expect.objectContaining({
        label: '何時までやっていますか？',
        text: '基本は9時~16時頃までですが、いちごが無くなり次第閉園です。',
      }),
    ]);
  });

  it('does not take a line that addresses the reader for a question', () => {
    const passages = passagesOf(
      page('ペットと泊まれる宿をお探しですか？\n当館は全室ペット同伴可です。'),
    );
    expect(passages.some((passage) => passage.kind === 'qa')).toBe(false);
  });
});

describe('a page written as questions and answers without Q／A marks', () => {
  it('keeps each question with its answer when the page asks two or more', () => {
    const passages = passagesOf(
      page(
        [
          'トリミングを利用する周期は?',
          'だいたい1~2カ月に一度が適しているでしょう。',
          '雪庇落としの費用はいくら?',
          '1名1時間当たり4,400円からです。',
          '■料金表',
          'カット 3,000円',
        ].join('\n'),
      ),
    );
    const qa = passages.filter((passage) => passage.kind === 'qa');
    expect(qa.map((passage) => [passage.label, passage.text])).toEqual([
      ['トリミングを利用する周期は？', 'だいたい1~2カ月に一度が適しているでしょう。'],
      ['雪庇落としの費用はいくら？', '1名1時間当たり4,400円からです。'],
    ]);
    // The page's next item is no part of the last answer.
    expect(
      passages.some((passage) => passage.kind !== 'qa' && passage.text.includes('3,000円')),
    ).toBe(true);
  });

  it('does not read a page that speaks to its reader as questions', () => {
    const passages = passagesOf(
      page(
        [
          '肩こりでお悩みではありませんか?',
          '当院の施術で楽になります。',
          'こんな症状で困っていませんか?',
          '頭痛、腰痛、眼精疲労。',
        ].join('\n'),
      ),
    );
    expect(passages.some((passage) => passage.kind === 'qa')).toBe(false);
  });
});

describe('a numbered list of timed steps', () => {
  it('reads 「3.1時間前以降」 as step 3, one hour before, not 3.1 hours', () => {
    const texts = passagesOf(
      page(
        [
          'キャンセル料',
          '1.当日7:00まで :無料',
          '2.7:00〜1時間前まで :施術料金の50%',
          '3.1時間前以降及び連絡無し:施術料金の100%',
        ].join('\n'),
      ),
    ).map((passage) => passage.text);
    expect(texts.join('\n')).toContain('1時間前以降及び連絡無し');
    expect(texts.join('\n')).not.toContain('3.1時間');
  });
});

describe('a price table whose columns say which price', () => {
  it('asks 「会議室1の料金（リピート）」, not the stiff label 「会議室1のリピート」', () => {
    const row = passagesOf(
      page(
        [
          '| 部屋 | 新規 | リピート |',
          '| --- | --- | --- |',
          '| 会議室1 | 4,000円 | 3,500円 |',
        ].join('\n'),
      ),
    ).find((passage) => passage.kind === 'row')!;
    expect(fieldQuestions(row).map((candidate) => candidate.question)).toEqual([
      '会議室1の料金（新規）はいくらですか？',
      '会議室1の料金（リピート）はいくらですか？',
    ]);
  });
});

describe('a text that ends inside a sentence', () => {
  const prose = '予約制です。駐車場は3台分あります。お支払いは現金のみです。';

  it('drops the half sentence it was cut in (「…来店前にお済ませ下」)', () => {
    expect(withoutCutOffEnd(`${prose}\nタクシーや代行は来店前にお済ませ下`)).toBe(`${prose}\n`);
    expect(withoutCutOffEnd(`${prose}一度納入いただきましたレッスン代は返金いたしか`)).toBe(prose);
  });

  it('keeps a last line that ends a sentence, a closing heading of figures, or too little prose', () => {
    for (const text of [
      `${prose}\n体温計もご用意しておりますのでご使用下さい`,
      `${prose}\n年間お支払報酬 540,000円`,
      `${prose}\nこれは予約がとれない時間のご案内です`,
      '予約制です。タクシーは来店前にお済ませ下',
    ])
      expect(withoutCutOffEnd(text)).toBe(text);
  });
});

describe('fields that are not asked on their own', () => {
  const questionsOf = (markdown: string) =>
    passagesOf(page(markdown)).flatMap((passage) =>
      fieldQuestions(passage).map((candidate) => candidate.question),
    );

  it('asks no 「何回」 of what is not a count (「教材費 年2回」), and asks 「回数」', () => {
    const questions = questionsOf('教材費：年2回\nレッスン回数：月3回');
    expect(questions).not.toContain('教材費は何回ですか？');
    expect(questions).toContain('レッスン回数は何回ですか？');
  });

  it('asks nothing of a row labelled by its time slot', () => {
    expect(questionsOf('10:00~13:00（公園は9時から）：ご利用時間 13:00~17:00')).toEqual([]);
  });
});

describe('a table laid out across', () => {
  it('pairs each name with the figure under it, under the caption row above them', () => {
    const table = [
      '| 1日レンタル | ||',
      '|---|---|---|',
      '| 予約キャンセル | ||',
      '| 前日まで | 当日 | ノーショウ |',
      '| 40% | 50% | 100% |',
    ].join('\n');
    const passages = passagesOf(page(table));
    expect(passages.map((passage) => [passage.section, passage.text])).toEqual([
      ['予約キャンセル', '前日まで：40%'],
      ['予約キャンセル', '当日：50%'],
      ['予約キャンセル', 'ノーショウ：100%'],
    ]);
  });
});

describe('a rules page', () => {
  it('reads each item under 「次の事項を行ってはならない」 as a rule of its own', () => {
    const rules = [
      '第 3 条(禁止事項)',
      'レンタルスペース利用者は、次の事項を行ってはならない。',
      'ただし、施設管理者が特に問題がないと判断した場合はこの限りではない。',
      '(3)備品持ち出し',
      '(5)施設敷地内での喫煙',
      '第 4 条(利用時間)',
      '利用時間は9時から21時までです。',
    ].join('\n');
    expect(passagesOf(page(rules)).map((passage) => passage.text)).toEqual([
      '第 3 条(禁止事項)',
      'レンタルスペース利用者は、次の事項を行ってはならない。',
      'ただし、施設管理者が特に問題がないと判断した場合はこの限りではない。',
      '備品持ち出しは禁止です。',
      '施設敷地内での喫煙は禁止です。',
      '第 4 条(利用時間)',
      '利用時間は9時から21時までです。',
    ]);
  });
});

describe('marks and headings between the lines', () => {
  it('takes a footnote’s number for a reference, not a note', () => {
    const [row] = passagesOf(page('シューイチプラン※1 | ¥25,000 |'));
    expect(row?.text).toBe('シューイチプラン ¥25,000');
  });

  it('ends a page’s answer at a short name heading the next questions', () => {
    const faq = [
      'Q6. 祝日・早朝・深夜の対応は可能ですか?',
      '対応可能です。割増料金はいただきません。',
      'サービス内容・対応範囲',
      'Q7. 家事代行サービスの内容は?',
      '掃除、洗濯、料理など、日常的な家事を幅広く対応します。',
    ].join('\n');
    const answers = passagesOf(page(faq)).filter((passage) => passage.kind === 'qa');
    expect(answers.map((passage) => [passage.text, passage.section])).toEqual([
      ['対応可能です。割増料金はいただきません。', ''],
      ['掃除、洗濯、料理など、日常的な家事を幅広く対応します。', 'サービス内容・対応範囲'],
    ]);
  });
});
