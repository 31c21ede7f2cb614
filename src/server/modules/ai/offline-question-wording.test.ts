import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnalyzer, type Analyzer } from './japanese.ts';
import { offlineAnswer } from './offline-answer.ts';
import { offlineQuestionsFromContent } from './offline-engine.ts';

/**
 * How the offline engine words its questions (issue 23): a customer's question, never a page
 * sentence read back, a stiff label or a fragment. Split from offline-engine.test.ts.
 */
let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await loadAnalyzer();
});

const pages = (markdown: string) => [{ url: 'https://example.jp/', title: '', markdown }];

function questionsOf(markdown: string, count = 10) {
  return offlineQuestionsFromContent(analyzer, pages(markdown), count).drafts;
}

describe('questions that ask rather than repeat', () => {
  it('asks nothing of a sentence whose half is elsewhere, or of a bracketed note alone', () => {
    const questions = questionsOf(
      [
        '居酒屋です。',
        'ご予約の締め切りは下記の通りです。',
        'ご予約の変更またはキャンセルについては、上記番号までお電話ください。',
        '(振替日に欠席された場合でも振替分は消失となりますのでご注意ください)',
        '門限は24:00。',
      ].join('\n'),
    );
    expect(questions.map((draft) => draft.question).join()).not.toMatch(/締め切り|変更|振替/);
  });

  it('does not answer いいえ to a whole topic when only a narrower case is refused', () => {
    const questions = questionsOf(
      [
        '動物病院です。',
        '電話での病気に関する質問や飼育相談はお断りしております。',
        '管理棟内は衛生管理上、ペットのご入室はご遠慮いただいております。',
        '駐車場はございません。',
      ].join('\n'),
    ).map((draft) => draft.question);
    // The refusal is asked whole (refusal-questions.ts), never of its last noun alone.
    expect(questions).not.toContain('飼育相談はできますか？');
    expect(questions).toContain('電話での病気に関する質問や飼育相談はできますか？');
    expect(questions.join()).not.toMatch(/ご入室/);
    expect(questions).toContain('駐車場はありますか？');
  });

  it('asks nothing of a sentence that leans on the one before it', () => {
    const questions = questionsOf(
      [
        'ヨガスタジオです。',
        'オンラインレッスンへの振替ができます。',
        'その際、返金手数料は¥0です。',
        'そのため、対面オーダーは毎月決まった人数しか受け入れることができません。',
      ].join('\n'),
    ).map((draft) => draft.question);
    expect(questions.join()).not.toMatch(/返金手数料|対面オーダー/);
  });

  it('names a price by the caption of its list', () => {
    const drafts = questionsOf(
      [
        '行政書士事務所です。',
        '技人国(技術・人文知識・国際業務)',
        '在留資格認定証明書交付申請¥110,000',
        '在留期間更新許可申請¥55,000',
        'お子様ご利用料金',
        '小学生 2,000円(税込)',
        '中学生 3,000円(税込)',
      ].join('\n'),
    );
    const byQuestion = new Map(drafts.map((draft) => [draft.question, draft.evidence?.statement]));
    expect(byQuestion.get('技人国の在留期間更新許可申請はいくらですか？')).toBe(
      '技人国の在留期間更新許可申請は¥55,000です。',
    );
    expect(byQuestion.has('小学生のお子様利用料金はいくらですか？')).toBe(true);
  });

  it('asks the price of a fee whose figure sits on the line under it, and says it with its name', () => {
    const drafts = offlineQuestionsFromContent(
      analyzer,
      pages(
        [
          '一時預かり保育のご案内です。',
          '基本保育料金 9:00~19:00',
          '1時間600円 (10分毎に100円)',
        ].join('\n'),
      ),
      10,
    ).drafts;
    const draft = drafts.find((item) => item.question === '基本保育料金はいくらですか？');
    expect(draft?.evidence?.statement).toBe('基本保育料金は1時間600円 (10分毎に100円)です。');
  });

  it('asks an intent in the customer’s words, not in the case the page opens on', () => {
    const questions = questionsOf(
      ['ネイルサロンです。', 'キャンセルする際は、前日18時までにご連絡ください。'].join('\n'),
    ).map((draft) => draft.question);
    expect(questions).toContain('キャンセルや変更はいつまでに連絡すればよいですか？');
    expect(questions.join()).not.toContain('際は');
  });

  const SALON = [
    'ヘアサロン凛は、福岡市中央区にある美容室です。',
    'カットは4,400円、カットとカラーのセットは9,900円です。',
    '日曜日と祝日は休診です。',
    '学生の方は学生証のご提示でカット料金が1,000円引きになります。',
    '当日のキャンセルは料金の50％を頂戴します。',
    'お子様は3歳からご利用いただけます。',
    'ご予約は3日前までにお電話かメールでお願いします。',
    '初診の方はWeb予約またはお電話でご予約ください。',
    'お見積もりは無料で、出張費もかかりません。',
    '大宮駅東口から徒歩5分で、専用駐車場はありませんので近隣のコインパーキングをご利用ください。',
    '京都市内への配達は5,500円以上のご注文で無料です。',
    'それ以外は配達料880円をいただきます。',
  ].join('\n');

  it('never cuts a number at its thousands separator, and asks for figures instead of stating them', () => {
    const questions = questionsOf(SALON, 30).map((draft) => draft.question);
    expect(questions).toEqual(
      expect.arrayContaining([
        'カットはいくらですか？',
        'カットとカラーのセットはいくらですか？',
        '休診日はいつですか？',
        '学生割引はありますか？',
        '当日のキャンセル料はいくらですか？',
        'お子様は何歳から利用できますか？',
        'ご予約はいつまでに必要ですか？',
        '初診の予約はどうすればよいですか？',
        'お見積もりは無料ですか？',
        '出張費はかかりますか？',
        '最寄り駅からのアクセスを教えてください。',
        '専用駐車場はありますか？',
      ]),
    );
    for (const question of questions) {
      expect(question, question).not.toMatch(/\d/);
      expect(question, question).not.toMatch(/^(?:それ|これ|その)/);
    }
  });

  it('answers with the sentence that qualifies its evidence', () => {
    const draft = questionsOf(SALON, 30).find(
      (candidate) => candidate.question === '京都市内への配達はいくらですか？',
    )!;
    const { answer } = offlineAnswer(analyzer, pages(SALON), draft, 'short');
    expect(answer).toBe(
      '京都市内への配達は5,500円以上のご注文で無料です。それ以外は配達料880円をいただきます。',
    );
  });
});

describe('the customer’s words over a stiff rewording of the page', () => {
  it('keeps the intent’s question where the page’s would read stiffly', () => {
    const questions = questionsOf(
      [
        '## ご宿泊について',
        'チェックアウト時間は11時までにお願い致します。',
        '【ペットホテルキャンセルポリシー】1週間前~2日前:宿泊料金の20% / 前日:宿泊料金の30% /当日:全額',
      ].join('\n'),
    ).map((draft) => draft.question);
    expect(questions).toEqual(
      expect.arrayContaining([
        'チェックアウトの時間は何時ですか？',
        'キャンセル料はかかりますか？',
      ]),
    );
    expect(questions.join('')).not.toMatch(/いつまでに必要|を教えてください/);
  });
});

describe('a count per period', () => {
  it('asks 「週に何回」 of 「週1回」, and 「1日何名」 of 「1日5名」', () => {
    const questions = questionsOf('英会話教室です。レッスンは週1回です。定員は1日5名です。').map(
      (draft) => draft.question,
    );
    expect(questions).toEqual(
      expect.arrayContaining(['レッスンは週に何回ですか？', '定員は1日何名ですか？']),
    );
  });
});

describe('two intents on one word', () => {
  it('asks both: 「料金は前払いですか？」 and 「料金は税込ですか？」 ask different things', () => {
    const questions = questionsOf(
      [
        '英会話教室です。',
        '表示料金はすべて税込です。',
        'ご利用料金は前払いでお願いしております。',
      ].join('\n'),
    ).map((draft) => draft.question);
    expect(questions).toEqual(
      expect.arrayContaining(['料金は前払いですか？', '料金は税込ですか？']),
    );
  });
});

describe('a generic topic under its heading', () => {
  it('names the heading a bare 利用時間 or 利用料金 belongs to', () => {
    const questions = questionsOf(
      [
        '## シャワー',
        'コインシャワーは空室であれば使用可能です。',
        '利用時間はAM8:00~PM10:00までです。',
        '利用料金は10分400円です。',
      ].join('\n'),
    ).map((draft) => draft.question);
    expect(questions).toEqual(
      expect.arrayContaining([
        'シャワーの利用時間は何時ですか？',
        'シャワーの利用料金はいくらですか？',
      ]),
    );
  });
});

describe('ありますか only of what there is', () => {
  it('asks no 「…はありますか？」 from a copula’s or a possibility’s あります', () => {
    const questions = questionsOf(
      [
        'トリマーはお医者さんではありません。',
        '髪の長い方は、毛先に粘土がつく可能性がありますので、束ねるゴムをお持ちください。',
      ].join('\n'),
    ).map((draft) => draft.question);
    expect(questions).not.toContain('トリマーはありますか？');
    expect(questions).not.toContain('粘土はありますか？');
  });
});
