import { beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_LENGTHS } from '../../../shared/limits.ts';
import { isMalformedQuestion } from '../../../../bench/faq-quality/score.ts';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import { loadAnalyzer, type Analyzer } from './japanese.ts';
import { offlineAnswer, OFFLINE_NOT_FOUND, plainPolarity } from './offline-answer.ts';
import { offlineQuestionsFromContent } from './offline-engine.ts';
import { toPassages } from './passages.ts';
import { dedupeQuestions } from './question-dedupe.ts';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await loadAnalyzer();
});

const CLINIC = [
  'さくら歯科クリニックは、札幌市中央区にある歯科医院です。',
  '診療時間は9時30分から18時30分までで、土曜日は13時までです。',
  '毎週木曜日と日曜日が休診日です。',
  'ホワイトニングは1回15,000円です。',
  '初診の方は予約なしでも受診できますが、待ち時間が長くなることがあります。',
  'キッズスペースを2か所ご用意しています。',
  '地下鉄大通駅から徒歩3分です。',
  '駐車場はございません。',
  'お支払いにはクレジットカードと交通系ICカードがご利用いただけます。',
  '治療の相談は無料です。',
].join('\n');
const pages = (markdown: string) => [{ url: 'https://example.jp/', title: '', markdown }];

function questionsOf(markdown: string, count = 10) {
  return offlineQuestionsFromContent(analyzer, pages(markdown), count).drafts;
}

describe('questions born from passages', () => {
  it('asks the natural question for what each passage states, with its topic', () => {
    const questions = questionsOf(CLINIC).map((draft) => draft.question);
    expect(questions).toEqual(
      expect.arrayContaining([
        'ホワイトニングはいくらですか？',
        '診療時間は何時から何時までですか？',
        '休診日はいつですか？',
        '最寄り駅からのアクセスを教えてください。',
        'キッズスペースはありますか？',
        '駐車場はありますか？',
        'お支払いにはどの方法が使えますか？',
        '治療の相談は無料ですか？',
      ]),
    );
    expect(questions).not.toContain('料金はいくらですか？');
  });

  it('makes no broken particles, doubled words or headings turned into questions', () => {
    const questions = questionsOf(
      `# さくら歯科へようこそ\n\n${CLINIC}\n\n## 料金について\n\n料金の料金表は受付にございます。`,
      20,
    ).map((draft) => draft.question);
    for (const question of questions) expect(isMalformedQuestion(question), question).toBe(false);
    expect(questions.join('')).not.toMatch(/ようこそ|のについて/);
  });

  it('carries the passage each question came from, and answers from it', () => {
    for (const draft of questionsOf(CLINIC)) {
      expect(CLINIC).toContain(draft.evidence!.quote);
      const answer = offlineAnswer(analyzer, pages(CLINIC), draft, 'short');
      expect(answer.found).toBe(true);
      expect(answer.answer).toContain(draft.evidence!.quote.replace(/。$/, ''));
      expect(answer.evidence).toBe(draft.evidence!.quote);
      expect(answer.sourceUrl).toBe('https://example.jp/');
    }
  });

  it('opens yes/no answers with はい or いいえ as the evidence says', () => {
    const drafts = questionsOf(CLINIC);
    const parking = drafts.find((draft) => draft.question === '駐車場はありますか？')!;
    const kids = drafts.find((draft) => draft.question === 'キッズスペースはありますか？')!;
    expect(offlineAnswer(analyzer, pages(CLINIC), parking, 'short').answer).toBe(
      'いいえ、駐車場はございません。',
    );
    expect(offlineAnswer(analyzer, pages(CLINIC), kids, 'short').answer).toMatch(/^はい、/);
  });

  it('says はい／いいえ only when the evidence says so plainly', () => {
    const text = [
      '見学は無料です。',
      '館内でのペットの同伴はできません。',
      'お子さま連れのご来店もできますが、混雑時はお断りする場合があります。',
      '年1回処理の場合、顧問料は発生しませんが、訪問月のみ訪問料が発生します。',
      'ルールを守らない方には退場していただきます。',
    ].join('\n');
    const answers = questionsOf(text, 10).map(
      (draft) => offlineAnswer(analyzer, pages(text), draft, 'short').answer,
    );
    const answerOn = (start: string) =>
      answers.find((answer) => answer.replace(/^(?:はい|いいえ)、/, '').startsWith(start));
    expect(answerOn('見学')).toBe('はい、見学は無料です。');
    expect(answerOn('館内')).toBe('いいえ、館内でのペットの同伴はできません。');
    for (const start of ['お子さま連れ', '年1回']) {
      const answer = answerOn(start);
      expect(answer, start).toBeDefined();
      expect(answer, answer).not.toMatch(/^(?:はい|いいえ)、/);
    }
    // A rule on others' conduct is no customer's question (strict-gate.ts, customer-topic).
    expect(answerOn('ルール')).toBeUndefined();
    expect(plainPolarity('駐車場はありますか？', '駐車場はございません。', 'no')).toBe('no');
    expect(plainPolarity('定休日はありますか？', '年中無休で営業しています。', 'no')).toBe('no');
    expect(
      plainPolarity('予約はできますか？', '予約は受け付けておりません。', 'yes'),
    ).toBeUndefined();
    expect(plainPolarity('駐車場はありますか？', '駐車場を5台分ご用意しています。', 'no')).toBe(
      undefined,
    );
    expect(
      plainPolarity('退場できますか？', '違反された方には退場していただきます。', 'yes'),
    ).toBeUndefined();
  });

  it('makes what the content holds, and says how many that is', () => {
    const set = offlineQuestionsFromContent(analyzer, pages(CLINIC), 100);
    expect(set.drafts.length).toBe(set.available);
    expect(set.available).toBeLessThan(100);
    expect(set.available).toBeGreaterThanOrEqual(10);
  });

  it('asks fewer questions than requested rather than fragments or the business voice', () => {
    const notice = [
      '当スタジオは完全予約制となっております。',
      '今後更なるサービスの向上に努めてまいります。',
      'ご理解とご協力をお願いいたします。',
      'キーボックスの暗証番号をお伝え致します。',
      '下記の料金表をご覧ください。',
      '駐車場は5台分あります。',
      'レッスンは1回3,000円です。',
    ].join('\n');
    const questions = questionsOf(notice, 10).map((draft) => draft.question);
    expect(questions).toEqual(
      expect.arrayContaining(['駐車場は何台ありますか？', 'レッスンはいくらですか？']),
    );
    expect(questions.join('\n')).not.toMatch(/おります|まいります|いたします|致します|下記/);
    expect(questions.length).toBeLessThan(10);
  });

  it('asks about the topic of a statement made in the business voice, without はい／いいえ', () => {
    const text = [
      'お席の指定はお受け致しかねます。',
      '交通費などの実費は頂いておりません。',
      '当店は完全予約制となっております。',
      '万が一遅れる場合はご連絡をお願いいたします。',
      '基本的には、設置作業などのお手伝いを想定しております。',
    ].join('\n');
    const faqs = questionsOf(text, 10).map((draft) => ({
      question: draft.question,
      answer: offlineAnswer(analyzer, pages(text), draft, 'short').answer,
    }));
    expect(faqs).toEqual(
      expect.arrayContaining([
        {
          question: 'お席の指定について教えてください。',
          answer: 'お席の指定はお受け致しかねます。',
        },
        {
          question: '交通費などの実費について教えてください。',
          answer: '交通費などの実費は頂いておりません。',
        },
      ]),
    );
    expect(faqs.map((faq) => faq.question).join('')).not.toMatch(/当店|場合について|基本的/);
  });

  it('asks 「Xについて」 only of a sentence that opens on X, not one that mentions X in passing', () => {
    const text = [
      '口座登録は銀行のキャッシュカードで行いますが何らかの理由でどうしてもカードでの登録ができない場合は用紙での登録となります。',
      '月の途中でのお申し込みのお客様に対して、各通い放題プランは、最初の予約日から通える日数部分の料金を日割計算で算出します。',
      'ドローンの飛行、撮影は禁止です。',
    ].join('\n');
    const questions = questionsOf(text, 10).map((draft) => draft.question);
    expect(questions).toContain('口座登録について教えてください。');
    expect(questions.join('\n')).not.toMatch(/通い放題プランについて|撮影について/);
  });

  it('answers the fee with the schedule under ≪…≫, not a sentence on the fee under another heading', () => {
    const text = [
      '≪チェックイン・チェックアウト≫',
      '・チェックイン 15:00~17:00',
      '・チェックアウト 10:00',
      '≪変更/キャンセル手数料について≫',
      '・ご予約内容のキャンセルにつきましては、下記キャンセル手数料を頂戴いたします。',
      '利用日の20日前まで 無料',
      '19~11日前まで 基本料金の30%×棟数×泊数',
      '10~2日前まで 基本料金の50%×棟数×泊数',
      '前日 基本料金の100%×棟数×泊数',
      '≪キャンセル手数料振替サービス≫',
      '・お振込みいただいたキャンセル手数料の ”80%” をご利用予定日より ”2週間後以降~1年以内” で次回、基本料金ご利用分に充当いただけます。',
    ].join('\n');
    const faqs = questionsOf(text, 10).map((draft) => ({
      question: draft.question,
      answer: offlineAnswer(analyzer, pages(text), draft, 'short').answer,
    }));
    expect(faqs.find((faq) => faq.question === 'キャンセル料はかかりますか？')?.answer).toMatch(
      /^利用日の20日前までは無料です。19~11日前までは基本料金の30%/,
    );
    // Both times are given, so both are asked, once.
    const questions = faqs.map((faq) => faq.question);
    expect(questions).toContain('チェックイン・チェックアウトの時間は何時ですか？');
    expect(questions).not.toContain('チェックアウトは何時ですか？');
  });

  it('asks no yes/no question of a rule that holds in a case the question leaves out', () => {
    const text = [
      'ご持参いただかなかった場合、店内のマナーベルトを購入していただきます。',
      '口座の提出がないと授業を受けられませんので、必ず最初の授業までにお手続きをお済ませください。',
      '駐車場は5台分あります。',
    ].join('\n');
    const questions = questionsOf(text, 10).map((draft) => draft.question);
    expect(questions.join('\n')).not.toMatch(/マナーベルトを購入できますか|授業を受けられますか/);
  });

  it('answers a fee from a table laid out across with every step, a no-show too', () => {
    const text = [
      '| 予約キャンセル | ||',
      '|---|---|---|',
      '| 前日まで | 当日 | ノーショウ |',
      '| 40% | 50% | 100% |',
      '',
      '| ご利用時間 | ||',
      '|---|---|---|',
      '| 午前 | 午後 | |',
      '| 10:00~13:00 ※森林公園スイス村は9時から | 13:00~17:00 | |',
    ].join('\n');
    const faqs = questionsOf(text, 10).map((draft) => ({
      question: draft.question,
      answer: offlineAnswer(analyzer, pages(text), draft, 'short').answer,
    }));
    expect(faqs.find((faq) => faq.question === 'キャンセル料はかかりますか？')?.answer).toBe(
      '前日までは40%です。当日は50%です。ノーショウは100%です。',
    );
    expect(faqs.map((faq) => faq.question).join('\n')).not.toMatch(/スイス村は何時/);
  });

  it('reads a price table without a header row, and a schedule under a heading that is a name', () => {
    const text = [
      'エアコンクリーニング料金表',
      '通常タイプ | ¥7,000 |',
      '---|---|',
      'お掃除機能付きタイプ | ¥12,000 |',
      'キャンセルポリシー',
      'キャンセルされるお客様は、キャンセルポリシーに則ってキャンセル料をご負担いただいております。',
      '作業日の5日前まで | 予約金額の0% |',
      '---|---|',
      '作業日の2〜4日前 | 予約金額の25% |',
      '作業日の前日 | 予約金額の50% |',
      '作業日当日 | 予約金額の100% |',
    ].join('\n');
    const faqs = questionsOf(text, 10).map((draft) => ({
      question: draft.question,
      answer: offlineAnswer(analyzer, pages(text), draft, 'short').answer,
    }));
    const questions = faqs.map((faq) => faq.question);
    expect(questions).toEqual(
      expect.arrayContaining([
        '通常タイプはいくらですか？',
        'お掃除機能付きタイプはいくらですか？',
        'キャンセル料はかかりますか？',
      ]),
    );
    expect(faqs.find((faq) => faq.question === 'キャンセル料はかかりますか？')?.answer).toContain(
      '作業日の前日は予約金額の50%です。',
    );
    expect(questions.join('\n')).not.toMatch(/前日はいつ|予約金額の0%/);
  });

  it('takes no flag for an item, nor a topic named only in a bracketed note', () => {
    const text = [
      'キャンセルについて',
      '前日のお昼11時まではキャンセル料はかかりません。',
      '※注意:前日のお昼11時以降は商品をキャンセルされても全額のお支払いとなりますので、ご了承ください',
      'ピアノ教室のレッスン料金',
      '入会金 5000円 (体験レッスン日より1週間以内にご入会手続きの場合4000円)',
      '月謝 8,000円',
      '体験レッスン 1000円(30分) おひとり様1回のみお受けいただけます。',
    ].join('\n');
    const faqs = questionsOf(text, 10).map((draft) => ({
      question: draft.question,
      answer: offlineAnswer(analyzer, pages(text), draft, 'short').answer,
    }));
    expect(faqs.find((faq) => faq.question === '体験はできますか？')?.answer).toMatch(
      /^体験レッスン/,
    );
    expect(faqs.map((faq) => faq.question).join('\n')).not.toMatch(/注意は/);
    expect(faqs.map((faq) => faq.answer).join('\n')).not.toMatch(/注意は/);
  });

  it('answers a table’s price with the notes under the table, past a row with no price', () => {
    const text = [
      '広葉樹剪定',
      '低木0-2m未満  2,500円/本',
      '中木2-4m未満  4,000~6,000円/本',
      '大木6m-以上  別途お見積り',
      '(もみじ・株立ちヤマボウシの広葉樹剪定)',
      '※料金表は木立の剪定価格です。株立の場合は通常 木立の価格より少し(1.5-1.8倍)お高くなります。',
    ].join('\n');
    const draft = questionsOf(text, 10).find((candidate) =>
      candidate.question.includes('低木0-2m未満'),
    )!;
    expect(offlineAnswer(analyzer, pages(text), draft, 'medium').answer).toContain('1.5-1.8倍');
  });

  it('asks the hours of what is open, not of a topic named by its hours', () => {
    const text = [
      '会議室のご利用時間は8:00~21:00までとなっております。',
      '早朝夜間(21時~翌9時)、土日祝日は、それぞれ30%割増の料金となります。',
    ].join('\n');
    const questions = questionsOf(text, 10).map((draft) => draft.question);
    expect(questions).toContain('会議室の利用時間は何時から何時までですか？');
    expect(questions.join('\n')).not.toMatch(/土日祝日は何時/);
  });
  it('regenerating brings the next-best candidates first', () => {
    const first = questionsOf(CLINIC, 5).map((draft) => draft.question);
    const second = offlineQuestionsFromContent(analyzer, pages(CLINIC), 5, first).drafts.map(
      (draft) => draft.question,
    );
    expect(second.filter((question) => first.includes(question))).toHaveLength(0);
  });
});

describe('answers and their length', () => {
  it('is the evidence when the evidence is shorter than the length, never padding', () => {
    const draft = questionsOf(CLINIC).find(
      (item) => item.question === 'ホワイトニングはいくらですか？',
    )!;
    for (const length of ['short', 'medium', 'long'] as const) {
      expect(offlineAnswer(analyzer, pages(CLINIC), draft, length).answer).toBe(
        'ホワイトニングは1回15,000円です。',
      );
    }
  });

  it('adds the sentences of the same section for a longer answer, never one twice', () => {
    const markdown = longBrochure();
    const drafts = offlineQuestionsFromContent(analyzer, pages(markdown), 100).drafts;
    for (const length of ['short', 'medium', 'long'] as const) {
      const { max } = ANSWER_LENGTHS[length];
      for (const draft of drafts.slice(0, 30)) {
        const { answer } = offlineAnswer(analyzer, pages(markdown), draft, length);
        expect(answer.length).toBeLessThanOrEqual(Math.round(max * 1.3));
        const sentences = answer.replace(/^(はい|いいえ)、/, '').split(/(?<=。)/);
        expect(new Set(sentences).size).toBe(sentences.length);
      }
    }
  });

  it('answers a question typed by hand from the best passage, or says it found nothing', () => {
    const found = offlineAnswer(
      analyzer,
      pages(CLINIC),
      { question: 'ホワイトニングの費用は？' },
      'short',
    );
    expect(found.answer).toContain('15,000円');
    const missing = offlineAnswer(
      analyzer,
      pages(CLINIC),
      { question: '送料はかかりますか？' },
      'short',
    );
    expect(missing).toEqual({ answer: OFFLINE_NOT_FOUND, found: false });
  });
});

describe('near-duplicate questions', () => {
  it('asks one question on a fee schedule, which is answered whole', () => {
    const drafts = questionsOf(
      [
        '会議室のご案内です。',
        'ご利用日の4日前までにキャンセルの場合、キャンセル料無料。',
        'ご利用日の3日前〜前日にキャンセルの場合、利用料の半額。',
        '当日キャンセルの場合、利用料の全額。',
      ].join('\n'),
    );
    const onSchedule = drafts.filter((draft) => /キャンセル/.test(draft.question));
    expect(onSchedule).toHaveLength(1);
  });

  it('treats polite wrappers of one question as one, and different asks as different', () => {
    const kept = dedupeQuestions(
      analyzer,
      [
        '営業時間を教えてください。',
        '営業時間について教えてください。',
        '営業時間は何時から何時までですか？',
        '営業時間について詳しく教えてください',
        'ホワイトニングはいくらですか？',
        'ホワイトニングの料金はいくらですか？',
        'ホワイトニングは何回必要ですか？',
        '駐車場はありますか？',
        '駐車場はございますか？',
      ].map((question) => ({ question })),
    ).map((item) => item.question);
    expect(kept).toEqual([
      '営業時間を教えてください。',
      'ホワイトニングはいくらですか？',
      'ホワイトニングは何回必要ですか？',
      '駐車場はありますか？',
    ]);
  });
});

describe('passages', () => {
  it('reads table rows and 項目：値 lines as facts with their own questions', () => {
    const markdown = [
      '## 料金表',
      '',
      '| プラン | 月額料金 | 利用人数 |',
      '| --- | --- | --- |',
      '| ライト | 1,100円 | 1名 |',
      '| スタンダード | 3,300円 | 5名 |',
      '',
      '- 定休日：毎週火曜日',
    ].join('\n');
    expect(toPassages(pages(markdown)).map((passage) => passage.kind)).toEqual([
      'row',
      'row',
      'pair',
    ]);
    const drafts = questionsOf(markdown, 10);
    const questions = drafts.map((draft) => draft.question);
    expect(questions).toEqual(
      expect.arrayContaining([
        'ライトの月額料金はいくらですか？',
        'スタンダードの利用人数は何名ですか？',
        '定休日はいつですか？',
      ]),
    );
    const price = drafts.find((draft) => draft.question === 'ライトの月額料金はいくらですか？')!;
    expect(offlineAnswer(analyzer, pages(markdown), price, 'short').answer).toBe(
      'ライトの月額料金は1,100円です。',
    );
  });
});

describe('questions across kinds of business', () => {
  it('asks what customers ask of a ryokan, a shop and an office', () => {
    const ryokan = questionsOf(
      [
        '湯の宿 松風は、長野県の別所温泉にある全12室の旅館です。',
        'チェックインは15時、チェックアウトは10時です。',
        '1泊2食付きで、大人1名様15,800円からご宿泊いただけます。',
        '上田駅まで無料の送迎バスを運行しています。送迎は前日までにご予約ください。',
        'ペットを連れてのご宿泊はお断りしております。',
        'キャンセル料は前日が50%、当日が100%です。',
      ].join('\n'),
      20,
    ).map((draft) => draft.question);
    expect(ryokan).toEqual(
      expect.arrayContaining([
        '湯の宿 松風はどこにありますか？',
        'チェックイン・チェックアウトの時間は何時ですか？',
        '宿泊の料金はいくらですか？',
        '無料の送迎バスはありますか？',
        '送迎はいつまでに予約すればよいですか？',
        'ペットを連れての宿泊はできますか？',
        'キャンセル料はいくらですか？',
      ]),
    );
    const shop = questionsOf(
      [
        'ご注文から3営業日以内に発送します。',
        '未開封の商品に限り、到着後7日以内であれば返品を受け付けます。',
        'すべての石けんは無添加で、合成香料を使っていません。',
        'オンラインでの面談にも対応しています。',
        'ご予約はホームページまたはお電話で承っております。',
      ].join('\n'),
    );
    // Intents come first, in the order customers care about (issue 23); then the sentences.
    expect(shop.map((draft) => draft.question)).toEqual([
      'ご予約はどの方法でできますか？',
      '返品はできますか？',
      '発送までどのくらいかかりますか？',
      '合成香料を使っていますか？',
      'オンラインでの面談に対応していますか？',
    ]);
    expect(shop.map((draft) => draft.evidence!.origin)).toEqual([
      'intent:booking-how',
      'intent:returns',
      'sentence',
      'sentence',
      'sentence',
    ]);
    expect(shop[3]!.evidence!.polarity).toBe('no');
  });
});
