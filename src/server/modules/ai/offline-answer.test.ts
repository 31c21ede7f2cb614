import { beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_LENGTHS, type AnswerLength } from '../../../shared/limits.ts';
import { fieldQuestions } from './field-questions.ts';
import { loadAnalyzer, type Analyzer } from './japanese.ts';
import { withoutSpacedUnits } from './answer-surface.ts';
import { offlineAnswer } from './offline-answer.ts';
import { passagesOf } from './passages.ts';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await loadAnalyzer();
});

/** The answer to `question` resting on the passage that holds `quote`, as a draft carries it. */
function answerOf(
  markdown: string,
  quote: string,
  question: string,
  length: AnswerLength,
  origin?: string,
) {
  const content = [{ url: 'https://example.jp/', title: '', markdown }];
  const passage = passagesOf(content).find((item) => item.text.includes(quote));
  if (!passage) throw new Error(`no passage holds ${quote}`);
  const statement =
    passage.kind === 'row' || passage.kind === 'pair'
      ? fieldQuestions(passage).find((candidate) => candidate.question === question)?.statement
      : undefined;
  return offlineAnswer(
    analyzer,
    content,
    {
      question,
      evidence: {
        passage: passage.index,
        quote: passage.text,
        ...(statement ? { statement } : {}),
        ...(origin ? { origin } : {}),
      },
    },
    length,
  );
}

const ROOMS = [
  '[1時間あたりのご利用料金(税別)]',
  '部屋 | 新規 | リピート |',
  '会議室A | 4,000円 | 3,500円 |',
  '会議室B | 3,500円 | 3,000円 |',
  '※ 予約は2時間以上、30分単位でお願いしております。',
  '※ 早朝夜間、土日祝日は、それぞれ30%割増の料金となります。',
].join('\n');

const SCHOOL = [
  '# 教室について',
  '当教室は駅前のビルの3階にあります。',
  '体験レッスンは無料で、いつでもお申し込みいただけます。',
  '体験レッスンは1回45分で、講師と1対1で行います。',
  '体験レッスンのお申し込みはお電話またはフォームから受け付けております。',
  '教室内は土足厳禁です。',
  '講師は全員が英語教授法の資格を持っています。',
].join('\n');

const FEES = [
  '遺産分割協議書の作成の報酬',
  '相続財産の種類 |',
  '報酬(税込) |',
  '■不動産以外の財産が少ない場合は、割引を適用します',
  '■相続人が3名を超えるときは、1名あたり3,300円(税込)が加算されます',
].join('\n');

const FAQ_BLOCK = [
  '## よくある質問',
  'Q. 駐車場はありますか？',
  'A. 店舗裏に3台分ございます。',
  'Q. カードは使えますか？',
  'A. 各種クレジットカードがご利用いただけます。',
].join('\n');

const RULES = [
  '# ご利用規約',
  '・直火は禁止です。',
  '・花火は禁止です。',
  '・ペットの放し飼いは禁止です。',
  '・ゴミはお持ち帰りください。',
  '・午後10時以降はお静かにお願いします。',
].join('\n');

interface Case {
  name: string;
  markdown: string;
  quote: string;
  question: string;
  length: AnswerLength;
  says: string[];
  never?: RegExp;
  belowLength?: boolean;
}

const CASES: Case[] = [
  {
    name: 'a row states item, price as written, the caption’s unit and tax, and the table’s conditions',
    markdown: ROOMS,
    quote: '会議室A',
    question: '会議室Aの料金（新規）はいくらですか？',
    length: 'short',
    says: ['会議室Aの料金（新規）は1時間あたり4,000円（税別）です。', '予約は2時間以上', '30%割増'],
    never: /会議室B|3,000円/,
  },
  {
    name: 'a longer row answer adds the same row’s other column, never another row',
    markdown: ROOMS,
    quote: '会議室A',
    question: '会議室Aの料金（新規）はいくらですか？',
    length: 'medium',
    says: ['会議室Aの料金（リピート）は1時間あたり3,500円（税別）です。'],
    never: /会議室B/,
    belowLength: true,
  },
  {
    name: 'a line the page wrapped mid-sentence is quoted whole',
    markdown: '医療費控除の対象になります。\n確定申告をすれば還付金を\n受け取ることができます。',
    quote: '還付金を',
    question: '確定申告をすると還付金はありますか？',
    length: 'short',
    says: ['確定申告をすれば還付金を受け取ることができます。'],
    never: /還付金を。/,
  },
  {
    name: '標準 fills with related sentences of the same subject, in page order, and not unrelated facts',
    markdown: SCHOOL,
    quote: '体験レッスンは1回45分',
    question: '体験レッスンは何分ですか？',
    length: 'medium',
    // The evidence answers first; what it adds follows in page order.
    says: [
      '体験レッスンは1回45分で、講師と1対1で行います。体験レッスンは無料で、いつでもお申し込みいただけます。体験レッスンのお申し込みは',
    ],
    never: /土足|資格|3階/,
    belowLength: true,
  },
  {
    name: '短め keeps to the evidence when nothing beside it shares its subject',
    markdown: SCHOOL,
    quote: '土足厳禁',
    question: '教室内は土足で入れますか？',
    length: 'short',
    says: ['教室内は土足厳禁です。'],
    never: /体験|資格/,
  },
  {
    name: 'headings and cells left in the text never join an answer',
    markdown: FEES,
    quote: '相続人が3名を超える',
    question: '相続人が多い場合の報酬はどうなりますか？',
    length: 'long',
    says: ['1名あたり3,300円(税込)が加算されます。'],
    never: /作成の報酬。|報酬\(税込\)。|相続財産の種類/,
    belowLength: true,
  },
  {
    name: 'a page’s own answer never takes the next Q&A along',
    markdown: FAQ_BLOCK,
    quote: '店舗裏に3台分',
    question: '駐車場はありますか？',
    length: 'long',
    says: ['店舗裏に3台分ございます。'],
    never: /クレジットカード/,
    belowLength: true,
  },
  {
    name: 'a page’s answer cut off mid-sentence keeps only its whole sentences',
    markdown: [
      'Q. 医療費控除って何ですか？',
      'A. 1年間の医療費が10万円を超えた場合に受けられる制度です。',
      '確定申告をすれば還付金を',
    ].join('\n'),
    quote: '10万円を超えた',
    question: '医療費控除って何ですか？',
    length: 'short',
    says: ['1年間の医療費が10万円を超えた場合に受けられる制度です。'],
    never: /還付金/,
  },
  {
    name: 'a rule noted under a price list is not every row’s condition',
    markdown: [...ROOMS.split('\n'), '※ 飲食を伴うご利用はできません。'].join('\n'),
    quote: '会議室B',
    question: '会議室Bの料金（新規）はいくらですか？',
    length: 'short',
    says: ['会議室Bの料金（新規）は1時間あたり3,500円（税別）です。'],
    never: /飲食/,
  },
  {
    name: 'figures are quoted as the page writes them, full-width and separators kept',
    markdown: '## 料金（税込）\n・カット ４，４００円\n・カラー 6,600円',
    quote: 'カット',
    question: 'カットはいくらですか？',
    length: 'short',
    says: ['４，４００円'],
    never: /4,400/,
  },
  {
    name: 'one rule of a list is answered alone, the list never dumped',
    markdown: RULES,
    quote: '花火',
    question: '花火はできますか？',
    length: 'medium',
    says: ['花火は禁止です。'],
    never: /直火|ペット|ゴミ|午後10時/,
    belowLength: true,
  },
  {
    name: 'a sentence pointing to the list below is said with it',
    markdown: [
      '予約確定後のキャンセルは、下記キャンセル料が発生します。',
      '・ご利用日の31日前まで ご利用料金の50%',
      '・ご利用日の30日前~当日 ご利用料金の100%',
    ].join('\n'),
    quote: '下記キャンセル料',
    question: 'キャンセル料はかかりますか？',
    length: 'short',
    says: ['50%', '100%'],
  },
];

describe('offline answers from their evidence', () => {
  it.each(CASES)('$name', ({ markdown, quote, question, length, says, never, belowLength }) => {
    const result = answerOf(markdown, quote, question, length);
    expect(result.found).toBe(true);
    for (const part of says) expect(result.answer).toContain(part);
    if (never) expect(result.answer).not.toMatch(never);
    expect(Boolean(result.belowLength)).toBe(Boolean(belowLength));
    // Whole sentences only, each once, within the length.
    expect(result.answer).toMatch(/[。）)]$/);
    expect(result.answer).not.toMatch(/[をがには、]。/);
    const sentences = result.answer.split(/(?<=。)/);
    expect(new Set(sentences).size).toBe(sentences.length);
    expect(result.answer.length).toBeLessThanOrEqual(ANSWER_LENGTHS[length].max);
  });

  it('keeps a single over-long evidence sentence whole rather than cutting it', () => {
    const long = `当院では${'患者様お一人おひとりのお口の状態や生活習慣、ご希望を丁寧にお伺いし、'.repeat(
      4,
    )}最適な治療計画をご提案しております。`;
    const { answer } = answerOf(
      long,
      '最適な治療計画',
      '治療計画はどのように決めますか？',
      'short',
    );
    expect(answer).toBe(long);
  });

  it('gives a named item’s price said further on, even at 短め, and no other item’s', () => {
    const markdown = [
      '入塾金',
      '入塾時のみいただく金額です。',
      '月謝',
      '毎月収めていただく金額です。',
      '教材費',
      '授業で使用するテキスト代およびコピー代です。',
      '諸経費',
      '冷暖房等の光熱費、その他の教室運営費です。',
      '入塾金は5,000円で、全学年共通です。',
    ].join('\n');
    const ask = (length: AnswerLength) =>
      answerOf(markdown, '入塾時のみ', '入塾金について教えてください。', length).answer;
    for (const length of ['short', 'medium'] as const)
      expect(ask(length)).toBe('入塾時のみいただく金額です。入塾金は5,000円で、全学年共通です。');
  });
});

describe('a fee that changes with timing', () => {
  const POLICY = [
    '# キャンセル料',
    '7日前まで：無料',
    '前日：ご利用料金の50%',
    '当日：ご利用料金の100%',
    '駐車場は1台500円です。',
  ].join('\n');

  it('is answered with every step, not the one line the evidence is, at any length', () => {
    for (const length of ['short', 'medium'] as const) {
      const { answer } = answerOf(POLICY, '前日', 'キャンセル料はかかりますか？', length);
      expect(answer).toContain('7日前');
      expect(answer).toContain('50%');
      expect(answer).toContain('100%');
      expect(answer.indexOf('7日前')).toBeLessThan(answer.indexOf('100%'));
      // A price that is no step of it stays out.
      expect(answer).not.toContain('駐車場');
    }
  });

  it('keeps a note between two steps, and tells the steps in the page order', () => {
    const policy = [
      '予約日の30日前までのキャンセルにつきましては、全額ご返金いたします。',
      '但し、振込手数料は差し引かせていただきます。',
      '29~8日前まで ご予約料金の30%',
      '7~2日前まで ご予約料金の50%',
    ].join('\n');
    const { answer } = answerOf(policy, '7~2日前', 'キャンセル料はかかりますか？', 'short');
    for (const part of ['30日前', '振込手数料', '30%', '50%']) expect(answer).toContain(part);
    expect(answer.indexOf('30日前')).toBeLessThan(answer.indexOf('50%'));
  });

  it('counts 「…以内」 and 「料金はかかりません」 as steps of the schedule', () => {
    const policy = [
      'ご予約日前日の午前中までにご連絡いただければ、キャンセル料はかかりません。',
      '予約日の3日以内、料金の50%',
      '予約日の2日以内、料金の100%',
    ].join('\n');
    const { answer } = answerOf(policy, '2日以内', 'キャンセル料はかかりますか？', 'short');
    expect(answer).toContain('かかりません');
    expect(answer).toContain('50%');
    expect(answer.indexOf('かかりません')).toBeLessThan(answer.indexOf('100%'));
  });

  it('ends a step that closes on its note before the next one starts', () => {
    const policy = [
      '当日までにご連絡なし 全額（次回振替はできません）',
      'お振込みいただいたキャンセル料の80%は、2週間後以降のご利用分に充当いただけます。',
    ].join('\n');
    const { answer } = answerOf(policy, 'お振込み', 'キャンセル料はかかりますか？', 'short');
    expect(answer).toContain('できません）。お振込み');
  });

  it('takes in the step beside the evidence even when the page tells it at length', () => {
    const policy = [
      '予約取消(キャンセル)は、予約日前日の17:00までは無料です。',
      '予約日前日17:00以降のキャンセル、予約日当日のキャンセルおよび予約変更、無断キャンセルされた場合、15分以上遅刻された場合は、キャンセル料として施術料金の100%を頂戴いたします。',
      'お支払いは現金のみです。',
    ].join('\n');
    const { answer } = answerOf(policy, '17:00までは無料', 'キャンセル料はかかりますか？', 'short');
    expect(answer).toContain('100%');
    expect(answer).not.toContain('現金');
  });
});

describe('a longer answer', () => {
  it('adds what speaks of the thing asked about, not a rule that is only asked the same way', () => {
    const house = [
      '# 共用設備',
      'キッチンや食器類は自由にご利用いただけますが、ご使用後は必ず洗浄いただき元の場所へお戻し下さい。',
      '洗濯機は自由にご利用いただけますが、ご使用後は直ちに洗濯物を取り出してください。',
      '洗濯機の洗剤はフロントで販売しております。',
    ].join('\n');
    const { answer } = answerOf(house, '洗濯機は自由', '洗濯機は自由に利用できますか？', 'medium');
    expect(answer).toContain('洗剤');
    expect(answer).not.toContain('キッチン');
  });
});

describe('a policy the page tells one case at a time', () => {
  const AFTERCARE = [
    '# 施術後の過ごし方',
    '整体コースのみであれば施術直後からご入浴いただいても大丈夫です。',
    '鍼をした場合は2時間空けてご入浴ください。',
    '駐車場は3台分あります。',
  ].join('\n');
  const question = '施術の後にお風呂に入ってもよいですか？';

  it('is answered with its other cases, at 短め too', () => {
    const { answer } = answerOf(AFTERCARE, '整体コース', question, 'short', 'intent:bathing');
    expect(answer).toContain('2時間空けて');
    expect(answer).not.toContain('駐車場');
  });

  it('opens on the rule the short line above the evidence states (「直火禁止」 over its detail)', () => {
    const camp = ['キャンプ場のルール', '直火禁止', '焚き火シート必須', 'テントは2張まで'].join(
      '\n',
    );
    const { answer } = answerOf(
      camp,
      '焚き火シート',
      '焚き火はできますか？',
      'short',
      'intent:campfire',
    );
    expect(answer).toBe('直火は禁止です。焚き火シートは必須です。');
  });

  it('takes in the case that charges nothing, said without naming the topic again', () => {
    const policy = [
      '# キャンセルについて',
      '予約当日にキャンセルされた場合は「当日料金の100%」が発生いたします。',
      '当日以外でしたら料金は発生いたしません。',
      '駐車場はございません。',
    ].join('\n');
    const { answer } = answerOf(
      policy,
      '当日料金の100%',
      'キャンセル料はかかりますか？',
      'short',
      'intent:cancellation-fee',
    );
    expect(answer).toContain('当日以外でしたら料金は発生いたしません');
    expect(answer).not.toContain('駐車場');
  });

  it('answers an item of a list with the other items on its topic (a school’s closed weeks)', () => {
    const closed = [
      '# 年単位の休塾予定',
      '夏季休塾 : 8月中旬の1週間',
      '冬季休塾 : 年末の1週間',
      '年末年始 : 12/31〜1/3',
      '入会金 : 44,000円',
    ].join('\n');
    const { answer } = answerOf(
      closed,
      '冬季休塾',
      '年末年始やお盆は営業していますか？',
      'short',
      'intent:holidays',
    );
    for (const part of ['8月中旬', '年末の1週間', '12/31〜1/3']) expect(answer).toContain(part);
    expect(answer).not.toContain('44,000円');
  });

  it('takes no case in for a question no intent asked (its topic is unknown)', () => {
    const { answer } = answerOf(AFTERCARE, '整体コース', question, 'short');
    expect(answer).not.toContain('2時間空けて');
  });
});

describe('a clipped statement', () => {
  it('is said with です', () => {
    const { answer } = answerOf('門限は24:00。', '門限', '門限は何時ですか？', 'short');
    expect(answer).toBe('門限は24:00です。');
  });
});

describe('figures in an answer', () => {
  it('keep their units and words, and a space only between two values', () => {
    expect(withoutSpacedUnits('提出先 1 件毎に 20,000 円加算されます。')).toBe(
      '提出先1件毎に20,000円加算されます。',
    );
    expect(withoutSpacedUnits('一律 100 万円、または 18 歳以上の方')).toBe(
      '一律100万円、または18歳以上の方',
    );
    expect(withoutSpacedUnits('出張料は10分 500 円です。')).toBe('出張料は10分 500円です。');
    expect(withoutSpacedUnits('例 1月6日')).toBe('例 1月6日');
  });
});

describe('a longer answer on the words the page uses', () => {
  it('ties the page’s own word for an intent’s topic to the question (ご入浴 for お風呂)', () => {
    const markdown = [
      '整体コースのみであれば施術直後からご入浴いただいても大丈夫です。',
      '針をした場合のみ2時間空けてご入浴くださいますようお願いいたします。',
    ].join('\n');
    const content = [{ url: 'https://example.jp/', title: '', markdown }];
    const { answer } = offlineAnswer(
      analyzer,
      content,
      {
        question: '施術の後にお風呂に入ってもよいですか？',
        evidence: { passage: 0, quote: passagesOf(content)[0]!.text, origin: 'intent:bathing' },
      },
      'medium',
    );
    expect(answer).toContain('針をした場合のみ2時間空けて');
  });

  it('reaches no further than the sentence beside its evidence for a word in common', () => {
    const markdown = [
      '小学生の料金は2,000円(税込)です。',
      '小学生未満は無料です。',
      '予約料金の他、ご依頼により手配した内容がある場合は別途キャンセル料をお支払いいただきます。',
    ].join('\n');
    const { answer } = answerOf(markdown, '小学生の料金', '小学生の料金はいくらですか？', 'medium');
    expect(answer).toBe('小学生の料金は2,000円(税込)です。小学生未満は無料です。');
  });
});
