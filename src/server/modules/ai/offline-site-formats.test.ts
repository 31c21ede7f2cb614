import { beforeAll, describe, expect, it } from 'vitest';
import { isMalformedQuestion } from '../../../../bench/faq-quality/score.ts';
import { loadAnalyzer, type Analyzer } from './japanese.ts';
import { offlineAnswer } from './offline-answer.ts';
import { offlineQuestionsFromContent } from './offline-engine.ts';
import { toPassages } from './passages.ts';

/**
 * Shapes real small-business pages write their facts in: clock times with a colon, 【見出し】
 * fields, bulleted menus with prices, per-day lists under a heading, and the shop's own humble
 * phrasing, which customers do not ask in.
 */
let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await loadAnalyzer();
});

const pages = (markdown: string) => [{ url: 'https://example.jp/', title: '', markdown }];

function faqsOf(markdown: string, count = 12) {
  const drafts = offlineQuestionsFromContent(analyzer, pages(markdown), count).drafts;
  return drafts.map((draft) => ({
    question: draft.question,
    answer: offlineAnswer(analyzer, pages(markdown), draft, 'short').answer,
  }));
}

const answerTo = (faqs: { question: string; answer: string }[], question: string) =>
  faqs.find((faq) => faq.question === question)?.answer;

const SALON = [
  'ヘアサロン ルミエは、仙台駅東口から徒歩5分の美容室です。',
  '営業時間は10:00〜19:00（最終受付18:00）、定休日は毎週火曜日です。',
  '【メニュー】',
  '・カット 4,400円',
  '・カラー 6,600円〜',
  '専用の駐車場はございませんので、近隣のコインパーキングをご利用ください。',
].join('\n');

const TRIMMING = [
  'ドッグサロン ぽかぽかは、横浜市青葉区にある小型犬専門のトリミングサロンです。',
  '【営業時間】10:00〜18:00（最終受付16:00）',
  '【定休日】毎週水曜日・第2火曜日',
  '【料金（税込）】',
  '・シャンプーコース（小型犬）4,950円〜',
  '・爪切りのみ 880円',
  '所要時間は犬種や毛量によりますが、2〜3時間ほどです。',
  '青葉区内は送迎サービスがございます（片道550円）。',
].join('\n');

const CLINIC_HOURS = [
  'ふじみ整骨院は、大阪府吹田市にある整骨院です。',
  '【受付時間】',
  '・平日 9:00〜12:00／15:00〜20:00',
  '・日曜日・祝日 休診',
  '',
  '| 設備 | 有無 |',
  '| --- | --- |',
  '| Wi-Fi | あり |',
].join('\n');

describe('facts as small-business sites write them', () => {
  it('never takes a first table row holding a price for the header that names the columns', () => {
    const faqs = faqsOf(
      ['1年生 | 8,800円 | 週1回授業90分 |', '定期テスト対策 | 0円 | テスト直前の土日開催 |'].join(
        '\n',
      ),
    );
    for (const faq of faqs) expect(`${faq.question}${faq.answer}`).not.toMatch(/の8,800円は/);
  });

  it('reads a clock time as a time, never as 「項目：値」', () => {
    expect(toPassages(pages(SALON))[1]).toMatchObject({ kind: 'sentence' });
    const faqs = faqsOf(SALON);
    expect(answerTo(faqs, '営業時間は何時から何時までですか？')).toContain('10:00〜19:00');
    for (const { question, answer } of faqs) {
      expect(question).not.toMatch(/\d+は/);
      expect(answer).not.toMatch(/ですです|\d+は\d/);
    }
  });

  it('reads full-width figures as figures, and quotes them as the page writes them', () => {
    const faqs = faqsOf(
      [
        '営業時間は１０時から１９時までです。',
        'カットは４，４００円です。',
        '駐車場は５台あります。',
      ].join('\n'),
    );
    expect(answerTo(faqs, '営業時間は何時から何時までですか？')).toBe(
      '営業時間は１０時から１９時までです。',
    );
    expect(answerTo(faqs, 'カットはいくらですか？')).toBe('カットは４，４００円です。');
    expect(answerTo(faqs, '駐車場は何台ありますか？')).toBe('駐車場は５台あります。');
  });

  it('asks the price of each item of a bulleted menu, with the tax word of its heading', () => {
    const salon = faqsOf(SALON);
    expect(answerTo(salon, 'カットはいくらですか？')).toBe('カットは4,400円です。');
    expect(answerTo(salon, 'カラーはいくらですか？')).toBe('カラーは6,600円〜です。');
    const trimming = faqsOf(TRIMMING);
    expect(answerTo(trimming, '爪切りのみはいくらですか？')).toBe(
      '爪切りのみは880円（税込）です。',
    );
    expect(answerTo(trimming, 'シャンプーコース（小型犬）はいくらですか？')).toBe(
      'シャンプーコース（小型犬）は4,950円〜（税込）です。',
    );
  });

  it('reads 【名前】値 as a field and 【名前】 alone as the heading of what follows', () => {
    const faqs = faqsOf(TRIMMING);
    expect(answerTo(faqs, '営業時間は何時から何時までですか？')).toBe(
      '営業時間は10:00〜18:00（最終受付16:00）です。',
    );
    expect(answerTo(faqs, '定休日はいつですか？')).toBe('定休日は毎週水曜日・第2火曜日です。');
    expect(faqs.map((faq) => faq.question).join('')).not.toMatch(/【|】/);
  });

  it('names a list item that only says for whom or when by its heading', () => {
    const faqs = faqsOf(CLINIC_HOURS);
    expect(answerTo(faqs, '平日の受付時間は何時から何時までですか？')).toBe(
      '平日の受付時間は9:00〜12:00／15:00〜20:00です。',
    );
    expect(answerTo(faqs, '休診日はいつですか？')).toBe('日曜日・祝日は休診です。');
    expect(answerTo(faqs, 'Wi-Fiはありますか？')).toBe('はい、Wi-Fiはあります。');
  });

  it('names a bare fee by the service its heading names, never by a category heading', () => {
    const questions = faqsOf(
      [
        '## 主な業務と報酬',
        '### 建設業許可',
        '新規申請の報酬は132,000円（税込）〜です。',
        '## 料金',
        '基本料金は3,000円です。',
      ].join('\n'),
    ).map((faq) => faq.question);
    expect(questions).toEqual(
      expect.arrayContaining([
        '建設業許可の新規申請の報酬はいくらですか？',
        '基本料金はいくらですか？',
      ]),
    );
  });

  it('keeps a name that reads as an adverb, and asks the fact a qualifier leads to', () => {
    const questions = faqsOf(TRIMMING).map((faq) => faq.question);
    expect(questions).toEqual(
      expect.arrayContaining([
        'ドッグサロン ぽかぽかはどこにありますか？',
        '所要時間はどのくらいですか？',
        '送迎サービスはありますか？',
      ]),
    );
    expect(questions).not.toContain('所要時間は犬種や毛量によりますか？');
    expect(questions).not.toContain('青葉区内はいくらですか？');
  });
});

describe('項目：値 lines, table rows and lists', () => {
  it('asks each field in the form its value calls for, and skips the business name', () => {
    const faqs = faqsOf(
      [
        '院名：さくら通り接骨院',
        '電話：052-000-1234',
        'チェックアウト：10:00',
        '駐車場：なし（近隣のコインパーキングをご利用ください）',
        'Wi-Fi：全館無料',
        'ペット：不可',
        '最寄り：市バス「今出川大宮」停留所より徒歩3分',
        'お支払い：現金、クレジットカード',
      ].join('\n'),
    );
    expect(faqs.map((faq) => faq.question).join('')).not.toMatch(/院名/);
    expect(answerTo(faqs, '電話番号を教えてください。')).toContain('052-000-1234');
    expect(answerTo(faqs, 'チェックアウトは何時ですか？')).toBe('チェックアウトは10:00です。');
    expect(answerTo(faqs, '駐車場はありますか？')).toBe(
      'いいえ、駐車場はありません（近隣のコインパーキングをご利用ください）。',
    );
    expect(answerTo(faqs, 'Wi-Fiは無料ですか？')).toBe('はい、Wi-Fiは全館無料です。');
    expect(answerTo(faqs, 'ペットは可能ですか？')).toBe('いいえ、ペットは不可です。');
    expect(answerTo(faqs, '最寄りの停留所からのアクセスを教えてください。')).toContain('徒歩3分');
    expect(answerTo(faqs, 'お支払いにはどの方法が使えますか？')).toContain('クレジットカード');
  });

  it('names each fee by its own column when the header lost its corner cell', () => {
    const faqs = faqsOf(
      [
        '| 基本報酬 (月額) | 決算・申告報酬 | |',
        '|---|---|---|',
        '| 【個人】 課税事業者 | 25,000円~ | 基本報酬の6か月分 |',
        '| 【法人】 課税事業者 | 30,000円~ | 基本報酬の6か月分 |',
      ].join('\n'),
    );
    const answer = answerTo(faqs, '個人・課税事業者はいくらですか？');
    expect(answer).toMatch(/基本報酬 ?\(月額\)は25,000円~/);
    expect(answer).not.toMatch(/決算・申告報酬は25,000円/);
  });

  it('does not read a cell of a table broken over lines as the name of the next cell', () => {
    const faqs = faqsOf(
      ['| 中3 |', '週2日 |', '数・英理 |', '¥19,000 |', '¥3,500×2日 |', '||'].join('\n'),
    );
    // Which figure of the lines below is the course's fee cannot be told: it is not asked.
    expect(faqs.map((faq) => faq.question)).not.toContain('数・英理はいくらですか？');
  });

  it('keeps the facts of a table of one row, which has no header', () => {
    const faqs = faqsOf(
      [
        '宿泊のご案内。当館は旅館です。客室は全室和室です。',
        '',
        '| チェックイン | 15:00 | チェックアウト | 10:00 |',
      ].join('\n'),
    );
    expect(faqs.map((faq) => faq.answer).join('')).toMatch(/15:00/);
  });

  it('says a value that has its own predicate without a second です', () => {
    const faqs = faqsOf(
      'ご利用人数：平日6名以上、週末10名以上で貸切ご利用頂けます\nチェックイン：15時',
    );
    expect(answerTo(faqs, '利用人数は何名ですか？')).toBe(
      'ご利用人数は平日6名以上、週末10名以上で貸切ご利用頂けます。',
    );
    expect(answerTo(faqs, 'チェックインは何時ですか？')).toBe('チェックインは15時です。');
  });

  it('says a row’s columns with nothing to ask along with its price, the header’s tax note on the value', () => {
    const faqs = faqsOf(
      [
        '| プラン | 料金（税込） | 内容 |',
        '| --- | --- | --- |',
        '| お試しプラン | 5,980円 | 初回限定・3時間 |',
        '| 定期プラン（月2回） | 1時間 3,080円 | 2時間から |',
      ].join('\n'),
    );
    expect(answerTo(faqs, 'お試しプランの料金はいくらですか？')).toBe(
      'お試しプランの料金は5,980円（税込）です。内容は初回限定・3時間です。',
    );
    expect(answerTo(faqs, '定期プラン（月2回）の料金はいくらですか？')).toContain('3,080円');
    expect(faqs.map((faq) => faq.question).join('')).not.toMatch(/内容を教えて/);
  });

  it('reads short bulleted items under a heading as one fact, and items that state something as sentences', () => {
    const faqs = faqsOf(
      [
        '## 対象',
        '- 生後6か月から就学前までのお子さま',
        '- 区内在住の方（事前の面談と登録が必要です）',
        '## 利用料金',
        '・4時間まで 2,400円',
        '## 利用時間',
        '月曜日～金曜日 午前8時30分～午後5時',
        '【配達について】',
        '- 浦和区内は3,000円以上のご注文で配達無料',
        '- 区外は配達料880円〜',
        '- 配達のご注文は前日の18時まで',
        '■ 無料の備品',
        '・プロジェクター、スクリーン',
        '・延長コード',
      ].join('\n'),
      20,
    );
    expect(answerTo(faqs, '対象を教えてください。')).toBe(
      '対象は、生後6か月から就学前までのお子さま、区内在住の方（事前の面談と登録が必要です）です。',
    );
    expect(answerTo(faqs, '4時間までの利用料金はいくらですか？')).toBe(
      '4時間までの利用料金は2,400円です。',
    );
    expect(answerTo(faqs, '月曜日～金曜日の利用時間は何時から何時までですか？')).toContain(
      '午前8時30分～午後5時',
    );
    expect(answerTo(faqs, '配達は無料ですか？')).toBe(
      'はい、浦和区内は3,000円以上のご注文で配達無料です。',
    );
    expect(answerTo(faqs, '区外の配達料はいくらですか？')).toBe('区外の配達料は880円〜です。');
    expect(answerTo(faqs, '配達のご注文はいつまでですか？')).toBe(
      '配達のご注文は前日の18時までです。',
    );
    expect(answerTo(faqs, '無料の備品を教えてください。')).toBe(
      '無料の備品は、プロジェクター、スクリーン、延長コードです。',
    );
  });
});

describe('choosing among the questions', () => {
  it('asks every clause once before asking a second question with the same answer', () => {
    const questions = faqsOf(
      [
        'ミツバチは、広島市内と廿日市市を対象にした家事代行サービスです。',
        '受付時間は9時～18時です。',
        '交通費は1回につき770円です。',
        '掃除、洗濯、料理の作り置き、買い物代行などに対応しています。',
        'ペットのお世話はお受けしておりません。',
      ].join('\n'),
      5,
    ).map((faq) => faq.question);
    // Intents come first, in the order customers care about (issue 23); then the sentences.
    expect(questions).toEqual([
      '受付時間は何時から何時までですか？',
      'ミツバチはどの地域で利用できますか？',
      '交通費はいくらですか？',
      '買い物代行に対応していますか？',
      'ペットのお世話はお願いできますか？',
    ]);
  });
});

describe('a よくある質問 page', () => {
  it('keeps the questions the page asks and answers them with its own answers', () => {
    const markdown = [
      '## よくある質問',
      'Q. 駐車場はありますか？',
      'A. 店舗裏に4台分ございます。',
      'Ｑ２：予約は必要ですか？',
      'Ａ２：いいえ、予約なしでもご利用いただけます。',
      '### カードは使えますか？',
      'はい、各種クレジットカードがご利用いただけます。',
      '## アクセス',
      '天神駅から徒歩5分です。',
    ].join('\n');
    expect(toPassages(pages(markdown)).map((passage) => passage.kind)).toEqual([
      'qa',
      'qa',
      'qa',
      'sentence',
    ]);
    const faqs = faqsOf(markdown);
    expect(answerTo(faqs, '駐車場はありますか？')).toBe('店舗裏に4台分ございます。');
    expect(answerTo(faqs, '予約は必要ですか？')).toBe('いいえ、予約なしでもご利用いただけます。');
    expect(answerTo(faqs, 'カードは使えますか？')).toBe(
      'はい、各種クレジットカードがご利用いただけます。',
    );
    // A question typed by hand finds the page's answer through its question.
    const typed = offlineAnswer(
      analyzer,
      pages(markdown),
      { question: '車で行っても停められる駐車場はありますか？' },
      'short',
    );
    expect(typed.answer).toContain('4台分');
  });
});

describe("a page's layout, removed from questions and answers", () => {
  const LAYOUT = /[•●○◆◇■□▼▲★☆◎※①-⑳|｜…⇒➡]|\[cite|^(?:はい、|いいえ、)?(?:[QAＱＡ]\s|\d[.、])/;

  it('drops bullets, circled and list numbers, Q／A markers, pipes, leaders and citations', () => {
    const markdown = [
      '• 駐車場は店舗裏に5台分あります。',
      '① ペットの同伴はできません。',
      '2、 チェックインは15時からです。',
      '★ 館内は全面禁煙です [cite: 2]。',
      'A 当院では筋肉の解除を主とした施術を行います。',
      '基本料金は5,000円/日 |',
      'ご利用日の4日前までのキャンセル………キャンセル料無料',
      '▼ お支払いは現金とクレジットカードがご利用いただけます。',
      'お問い合わせは info_shop@example.jp までメールでお願いします。',
      '料金は1,500円～で、２名様からご利用いただけます。',
    ].join('\n');
    const passages = toPassages(pages(markdown)).map((passage) => passage.text);
    for (const text of passages) expect(text, text).not.toMatch(LAYOUT);
    expect(passages).toEqual(
      expect.arrayContaining([
        '駐車場は店舗裏に5台分あります。',
        'ペットの同伴はできません。',
        'チェックインは15時からです。',
        '館内は全面禁煙です。',
        '当院では筋肉の解除を主とした施術を行います。',
        'ご利用日の4日前までのキャンセル、キャンセル料無料',
        'お問い合わせは info_shop@example.jp までメールでお願いします。',
      ]),
    );
    // Figures as written: the thousands separator kept, full-width digits read as figures.
    expect(passages.join('')).toContain('料金は1,500円～で、2名様から');
    for (const faq of faqsOf(markdown)) {
      expect(faq.question, faq.question).not.toMatch(LAYOUT);
      expect(faq.answer, faq.answer).not.toMatch(LAYOUT);
    }
  });

  it('keeps a ※ note as the condition it is, without the mark', () => {
    const markdown = [
      '## ペットホテル',
      '一時預かりは1時間500円です。',
      '※大型犬は要相談です。',
      'シャンプーは1回3,000円です ※爪切り込み',
    ].join('\n');
    const passages = toPassages(pages(markdown)).map((passage) => passage.text);
    expect(passages).toContain('大型犬は要相談です。');
    expect(passages).toContain('シャンプーは1回3,000円です（爪切り込み）');
    const faqs = faqsOf(markdown);
    const stay = faqs.find((faq) => faq.answer.startsWith('一時預かり'))!;
    expect(stay.answer).toBe('一時預かりは1時間500円です。大型犬は要相談です。');
  });

  it('reads every ※ of a list marked item by item as a fact of its own, not a condition', () => {
    const markdown = [
      'キャンセルは前日までにご連絡ください。',
      '※当日キャンセルは施術料金の100%をいただきます。',
      '※当店は現金のみのお支払いとなります。',
      'シャンプーは1回3,000円です。',
      '※表示価格は税込です。',
    ].join('\n');
    const answers = faqsOf(markdown).map((faq) => faq.answer);
    expect(answers).toContain('キャンセルは前日までにご連絡ください。');
    for (const answer of answers) {
      expect(answer, answer).not.toMatch(
        /前日まで.*当日キャンセル|キャンセル.*現金|シャンプー.*表示価格/,
      );
    }
  });

  it('splits items a flattened page ran into one line, and never states a row without its header', () => {
    const markdown = [
      'ドッグランのご利用には以下が必要です。① 誓約書への同意。② 入場料のお支払い。',
      'ご利用規約■ 本施設では係員の指示に従ってください。',
      '免税 30,000 150,000 200,000 300,000',
    ].join('\n');
    const passages = toPassages(pages(markdown)).map((passage) => passage.text);
    expect(passages).toEqual(
      expect.arrayContaining([
        '誓約書への同意。',
        '入場料のお支払い。',
        '本施設では係員の指示に従ってください。',
      ]),
    );
    expect(passages.join('')).not.toMatch(/30,000|[①②■]/);
  });
});

describe('a page pasted as plain text', () => {
  it('reads the sentence under a line that only names something as saying what that is', () => {
    const markdown = [
      '体験授業',
      '初回のみ無料でお受けいただける授業です。小学生から中学生まで共通です。',
      '月謝',
      '毎月収めていただく金額です。',
    ].join('\n');
    const faqs = faqsOf(markdown);
    expect(answerTo(faqs, '体験授業について教えてください。')).toBe(
      '体験授業は、初回のみ無料でお受けいただける授業です。',
    );
    // A fee defined without its amount is not asked: 「月謝は、毎月収めていただく金額です。」
    // answers nothing a customer asks about it (graded C as a definition only).
    expect(answerTo(faqs, '月謝について教えてください。')).toBeUndefined();
    expect(faqs.map((faq) => faq.question).join('')).not.toMatch(/共通ですか|金額ですか/);
  });
});

describe("a page's own Q&A kept whole", () => {
  it('answers each question with every line up to the next, markers removed', () => {
    const markdown = [
      'よくあるご質問',
      '',
      'Q 診療の受付時間は何時までですか?',
      '',
      'A 再診の方の最終受付は11時30分までとなっております。',
      '初診の方の最終受付は11時00分までとなっております。',
      '',
      'Q③クレジットカードは使える?',
      'A.鍼灸施術に対してご利用いただけます。',
      'VISA・Master Card・JCB',
      '全部で3社のクレジットカードがご利用頂けます。',
      '',
      '服装はどうしたらいいですか？',
      'ゆったりした服でお越しください。',
      '着替えもご用意しています。',
    ].join('\n');
    const qa = toPassages(pages(markdown)).filter((passage) => passage.kind === 'qa');
    expect(qa.map((passage) => [passage.label, passage.text])).toEqual([
      [
        '診療の受付時間は何時までですか？',
        '再診の方の最終受付は11時30分までとなっております。初診の方の最終受付は11時00分までとなっております。',
      ],
      [
        'クレジットカードは使える？',
        '鍼灸施術に対してご利用いただけます。VISA・Master Card・JCB、全部で3社のクレジットカードがご利用頂けます。',
      ],
      [
        '服装はどうしたらいいですか？',
        'ゆったりした服でお越しください。着替えもご用意しています。',
      ],
    ]);
    const faqs = faqsOf(markdown);
    expect(answerTo(faqs, 'クレジットカードは使える？')).toContain('VISA・Master Card・JCB');
    expect(answerTo(faqs, '服装はどうしたらいいですか？')).toBe(
      'ゆったりした服でお越しください。着替えもご用意しています。',
    );
  });

  it('asks a marked question written without its question mark as a question', () => {
    const markdown = [
      'Q 車検のお知らせが届きましたがいつ車検に出せばよいですか',
      'A 車検有効期限の一ヵ月前からお預かり可能です。',
    ].join('\n');
    expect(
      answerTo(faqsOf(markdown), '車検のお知らせが届きましたがいつ車検に出せばよいですか？'),
    ).toBe('車検有効期限の一ヵ月前からお預かり可能です。');
  });

  it('shortens a long page answer to its whole first sentences, never mid-sentence', () => {
    const answer = [
      '午前は9時から12時まで、午後は17時から20時までが診療時間です。',
      'お薬の受け取りやホテルのお預かりも同じ時間にお受けしています。',
      '手術や検査の時間を確保するため、時間外の受付は基本的に行っておりません。',
      'ただし、緊急を要する場合は時間外診療費を追加でいただいたうえで診療をお受けすることがあります。',
      '土曜日の午後と日曜日、祝日は休診とさせていただいておりますので、ご注意ください。',
    ];
    const markdown = ['## よくある質問', 'Q. 診療時間は何時から何時までですか？', ...answer].join(
      '\n',
    );
    const shown = answerTo(faqsOf(markdown), '診療時間は何時から何時までですか？')!;
    // Within the short length, the whole sentences that fit: the first ones, each entire.
    expect(shown.length).toBeLessThan(answer.join('').length);
    expect(answer.map((_, count) => answer.slice(0, count + 1).join(''))).toContain(shown);
    expect(shown.startsWith(answer.slice(0, 2).join(''))).toBe(true);
  });
});

describe('questions asked as a customer asks them', () => {
  it('turns the shop’s humble and serving phrasing into a customer’s question', () => {
    const questions = faqsOf(
      [
        '湯元 川音荘は、岐阜県の下呂温泉にある旅館です。',
        '大浴場は夜24時まで、翌朝は6時からご利用いただけます。',
        '食物アレルギーのある方は、ご予約の際にお知らせいただければ対応いたします。',
        '奥の座敷は最大20名まで貸切にできます。',
        '英検やTOEICの対策コースもございます。',
        '物件の内見は当社の車でご案内します。',
        '急な痛みがある場合は当日でもお電話でご相談ください。',
        '自費診療のお支払いには、クレジットカードがご利用いただけます。',
        '4日前以降のキャンセルは、受講料の全額を頂戴します。',
        '2回目以降は30分5,500円（税込）をいただきます。',
        'エプロンと筆記用具をお持ちください。',
        '無料体験レッスンは随時受け付けています。',
        '交通事故によるむち打ちや、スポーツでの捻挫・打撲などの施術を行っています。',
        '外構のリフォームのお申し込みは、ご希望日の7日前まで受け付けています。',
        '洗面台交換は平日の夜間の作業にも対応しています。',
        '男性の方や、お料理がはじめての方も大歓迎です。',
        '夏休みや春休みなど学校がお休みの日は、8時から開所します。',
        '利用時間は下校時から19時までです。',
        'まだ使える家具や家電は買い取り、回収料金から差し引きます。',
        'お料理はフレンチと和食からお選びいただけます。',
        '診察の順番予約は、ウェブから24時間受付しています。',
        '散瞳検査の後は約4時間見えにくくなるため、お車でのご来院はご遠慮ください。',
      ].join('\n'),
      40,
    ).map((faq) => faq.question);
    expect(questions).toEqual(
      expect.arrayContaining([
        '大浴場は何時から何時まで利用できますか？',
        '食物アレルギーに対応していますか？',
        '奥の座敷は何名まで貸切にできますか？',
        '英検やTOEICの対策コースはありますか？',
        '物件の内見は当社の車で案内してもらえますか？',
        '急な痛みがある場合はどうすればよいですか？',
        '自費診療のお支払いにはどの方法が使えますか？',
        '4日前以降のキャンセル料はいくらですか？',
        '2回目以降はいくらですか？',
        '持ち物は何が必要ですか？',
        'どのような施術を行っていますか？',
        '洗面台交換は平日の夜間の作業に対応していますか？',
        '男性の方やお料理がはじめての方も利用できますか？',
        'お休みの日は何時から開所しますか？',
        '利用時間は何時までですか？',
        'まだ使える家具や家電は買い取ってもらえますか？',
        'お料理はフレンチと和食から選べますか？',
        '診察の順番予約はいつ受け付けていますか？',
        'お車での来院はできますか？',
      ]),
    );
    // 「リフォーム」 holds 「フォーム」 but names no way to apply.
    expect(questions).not.toContain('外構のリフォームのお申し込みはどの方法でできますか？');
    expect(questions).not.toContain('無料体験レッスンは無料ですか？');
    expect(questions).not.toContain('大浴場はいつまでですか？');
    expect(questions).not.toContain('回収料金から差し引きますか？');
    expect(questions.join('')).not.toMatch(/ためですか|選びできますか/);
    for (const question of questions) expect(isMalformedQuestion(question), question).toBe(false);
  });

  it('asks what a statement answers: where, whether closed, whether booking is needed, whether free', () => {
    const faqs = faqsOf(
      [
        'みどり不動産は、千葉県船橋市で賃貸の仲介を行っている不動産会社です。',
        '対応エリアは船橋市・市川市と、東京都の江戸川区です。',
        '年末年始を除き年中無休で営業しています。',
        'ご来店は予約なしでも大丈夫です。',
        '売却をご検討の方には無料で査定を行っております。',
      ].join('\n'),
    );
    expect(answerTo(faqs, 'みどり不動産はどのような不動産会社ですか？')).toContain('仲介');
    expect(answerTo(faqs, '対応エリアはどこですか？')).toContain('江戸川区');
    expect(answerTo(faqs, '定休日はありますか？')).toMatch(/^いいえ、.*年中無休/);
    expect(answerTo(faqs, '予約は必要ですか？')).toMatch(/^いいえ、.*予約なしでも/);
    expect(answerTo(faqs, '査定は無料ですか？')).toMatch(/^はい、.*無料で査定/);
    const questions = faqs.map((faq) => faq.question);
    for (const question of questions) expect(isMalformedQuestion(question), question).toBe(false);
  });
});
