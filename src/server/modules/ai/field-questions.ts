import {
  ACCESS,
  COUNT,
  DURATION,
  FREE,
  PAYMENT,
  PRICE,
  PRICE_CELL,
  TIME_POINT,
  TIME_RANGE,
  WEEKDAY,
  accessQuestion,
} from './fact-patterns.ts';
import type { Passage } from './passages.ts';
import type { Polarity, QuestionCandidate } from './question-candidate.ts';

/**
 * Table rows, 「項目：値」 lines and list items: one question per attribute, in the form its
 * value calls for, answered by the attribute said as a sentence.
 */

// A value that only says yes or no: 「Wi-Fi あり」「ペット：不可」「駐車場：なし（近隣の…）」.
const YES_NO = /^(?:あり|有り?|完備|なし|無し?|可|可能|不可|OK|NG)$/i;
const YES_NO_STATEMENT: Record<string, string> = {
  あり: 'あります',
  有: 'あります',
  有り: 'あります',
  完備: '完備しています',
  なし: 'ありません',
  無: 'ありません',
  無し: 'ありません',
  可: '可能です',
  可能: '可能です',
  ok: '可能です',
  不可: '不可です',
  ng: '不可です',
};
const NOTE = /[（(]([^）)]*)[）)]$/;

/** The value without a closing note in brackets, and the note. */
function splitNote(value: string): { plain: string; note: string } {
  const plain = value.replace(/。$/, '').trim();
  const note = NOTE.exec(plain);
  return note && note.index > 0
    ? { plain: plain.slice(0, note.index).trim(), note: note[0] }
    : { plain, note: '' };
}

function polarityOf(value: string): Polarity | undefined {
  const { plain } = splitNote(value);
  if (!YES_NO.test(plain)) return undefined;
  return /^(?:なし|無し?|不可|NG)$/i.test(plain) ? 'no' : 'yes';
}

/** The field said as a sentence: 「カットは4,400円です。」「駐車場はありません（近隣の…）。」 */
function fieldStatement(subject: string, value: string): string {
  const { plain, note } = splitNote(value);
  const yesNo = YES_NO.test(plain) ? YES_NO_STATEMENT[plain.toLowerCase()] : undefined;
  // 「三階 晩餐館は：…となっております」: the name may carry its は, the value its own predicate.
  const topic = subject.endsWith('は') ? subject : `${subject}は`;
  if (yesNo) return `${topic}${yesNo.replace(/(ます|です|ません)$/, `$1${note}`)}。`;
  const said = value.replace(/。$/, '').replace(/(?:です|でございます)$/, '');
  return `${topic}${said}${/(?:ます|ません|でした|ました)$/.test(said) ? '' : 'です'}。`;
}

// Names a customer would not ask about (the business's own name), and names asked in a form
// of their own.
const NOT_ASKED = /^(?:院名|店名|店舗名|社名|会社名|名称|屋号|施設名|教室名|事業者名)$/;
const NAMED_QUESTIONS: [RegExp, (name: string, value: string) => string][] = [
  [/^(?:電話|TEL|Tel|tel|電話番号|お電話)$/, () => '電話番号を教えてください。'],
  [/^(?:メール|E-?mail|メールアドレス)$/i, () => 'メールアドレスを教えてください。'],
  [/^(?:アクセス|最寄り駅?|交通|交通手段|行き方)$/, (_, value) => accessQuestion(value)],
  [PAYMENT, (name) => `${/^支払/.test(name) ? `お${name}` : name}にはどの方法が使えますか？`],
];

function valueKind(name: string, value: string): string {
  const { plain } = splitNote(value);
  if (PRICE.test(value) || /料金|価格|費用|会費|代金/.test(name)) return 'はいくらですか？';
  if (TIME_RANGE.test(value)) return 'は何時から何時までですか？';
  if (WEEKDAY.test(value) || /日$/.test(name)) return 'はいつですか？';
  if (/住所|所在地|場所/.test(name)) return 'はどこですか？';
  if (ACCESS.test(value)) return 'へはどうやって行けばよいですか？';
  if (DURATION.test(value) && /期間|時間|日数|納期/.test(name)) return 'はどのくらいですか？';
  if (TIME_POINT.test(value)) return 'は何時ですか？';
  if (YES_NO.test(plain)) return /可|ok|ng/i.test(plain) ? 'は可能ですか？' : 'はありますか？';
  if (FREE.test(value)) return 'は無料ですか？';
  if (COUNT.test(value)) {
    const unit = COUNT.exec(value)![2]!;
    // 「教材費 (年2回)」「曜日時間固定 年間36回」: a number of times of something that is not a
    // count was asked 「教材費は何回ですか？」 and graded C every time.
    if (unit === '回' && !/回数|頻度|回$/.test(name)) return 'を教えてください。';
    return /台|部屋|席|種類|店舗/.test(unit) ? `は何${unit}ありますか？` : `は何${unit}ですか？`;
  }
  return 'を教えてください。';
}

// Names that only say for whom, when or how long (「・大人 1,000円」 under 料金, 「・4時間まで
// 2,400円」 under 利用料金, 「月曜日～金曜日 午前8時30分～午後5時」 under 利用時間): the heading
// says what.
const QUALIFIER =
  /^(?:大人|子ども|子供|こども|小人|お子さま|幼児|未就学児|小学生|中学生|高校生|大学生|学生|シニア|一般|会員|非会員|平日|土日祝?日?|土曜日?|日曜日?|祝日|土日祝|午前|午後|夜間|初回|2回目以降|[月火水木金土日](?:曜日?)?(?:[～〜\-－・][月火水木金土日](?:曜日?)?)*|\d.{0,14})$/;
const CLOSED = /^(?:休診|休業|定休日?|休館|お?休み)$/;

/** The heading a list sits under, as a noun: 「料金（税込）」 → 「料金」. */
function sectionNoun(section: string): string {
  const noun = section.replace(/[（(][^）)]*[）)]/g, '').trim();
  return noun.length >= 2 && noun.length <= 10 && !/[、。はがを]/.test(noun) ? noun : '';
}

/** A column header's note moves to the value: 「料金（税込）」 5,980円 → 料金, 5,980円（税込）. */
function withHeaderNote(field: { name: string; value: string }) {
  const note = NOTE.exec(field.name);
  if (!note || !/税/.test(note[1]!) || /税/.test(field.value)) return field;
  return { name: field.name.slice(0, note.index).trim(), value: `${field.value}${note[0]}` };
}

// What a price list's caption or heading says every price is per (「1時間あたりのご利用料金(税別)」
// 「料金（お一人様）」): a price said without it is a different price.
const PER_UNIT =
  /[1１一](?:時間|回|名様?|人|泊|日|か月|ヶ月|ヵ月|組|頭|室|台|枚|コマ)(?:あたり|当たり|につき)|お一人様|[1１]名様|月額|年額/;

/**
 * A price as its table or list states it: with the unit (1時間あたり) and tax (税別) its caption
 * or heading gives every row, unless the cell already says them.
 */
function priceInContext(value: string, caption: string): string {
  if (!PRICE.test(value)) return value;
  let said = value;
  const per = PER_UNIT.exec(caption)?.[0];
  if (per && !/あたり|当たり|につき|[/／]|毎|月額|年額|お一人|[1１]名|[1１]人/.test(said))
    said = `${per}${said}`;
  const tax = /税込|税別|税抜/.exec(caption)?.[0];
  if (tax && !/税/.test(said)) said = `${said}（${tax}）`;
  return said;
}

const FEE_NAME = /(?:料金|料|代|費|報酬|価格|金額)$/;
// A fee's name with what the page wrote after it on a line of its own (spacedTables: 「超過料金
// (1時間ごと) 12:00~」): the qualifier says which of the fee's steps the row is.
const QUALIFIED_FEE = /^(.{1,12}?(?:料金|料|代|費))([（(][^）)]{1,12}[）)])?\s+(\S{1,10})$/;

/** 「超過料金(1時間ごと) 12:00~」 said of a column: 「小型犬の12:00以降の超過料金(1時間ごと)」. */
function qualifiedFee(label: string, column: string): string | undefined {
  const match = QUALIFIED_FEE.exec(label);
  if (!match) return undefined;
  const [, fee, unit = '', qualifier] = match;
  const when = qualifier!.replace(/^(\d{1,2}:\d{2})[~〜～]$/, '$1以降');
  return `${column}の${when}の${fee}${unit}`;
}
// Columns that tell which of an item's prices, not an item of their own.
const PRICE_QUALIFIER =
  /^(?:新規|リピート|初回|2回目以降|会員|非会員|一般|平日|休日|土日祝?|通常|学生|シニア|税込|税別|税抜)$/;

export function fieldQuestions(passage: Passage): QuestionCandidate[] {
  const label = (passage.label ?? '').trim();
  // A row labelled by its time slot (「10:00~13:00（…は9時から）」) is asked of by its item, not
  // of the slot: 「10:00~13:00の利用時間は何時ですか？」 was graded C.
  if (!label || !passage.fields || NOT_ASKED.test(label) || TIME_RANGE.test(label)) return [];
  // The items of a list under its heading: 「対象を教えてください。」 → 「対象は、…、…です。」
  if (passage.kind === 'list') {
    const about = label.endsWith('について')
      ? `${label}教えてください。`
      : `${label}を教えてください。`;
    return [
      {
        question: about,
        passageIndex: passage.index,
        statement: `${label.replace(/について$/, '')}は、${passage.text}です。`,
        priority: 2.6,
        clause: 0,
      },
    ];
  }
  const heading = sectionNoun(passage.section);
  const fields = passage.fields.map(withHeaderNote);
  const candidate = (
    question: string,
    statement: string,
    position: number,
    polarity?: Polarity,
  ): QuestionCandidate => ({
    question,
    passageIndex: passage.index,
    statement,
    priority: 2.8,
    clause: position,
    ...(polarity ? { polarity } : {}),
  });
  const subjectOf = (field: { name: string; value: string }) =>
    passage.kind !== 'row'
      ? QUALIFIER.test(label) && heading
        ? `${label}の${heading}`
        : label
      : field.name.includes(label)
        ? field.name
        : // 「| Wi-Fi | あり |」 under 有無: the item itself is what there is.
          YES_NO.test(field.value) && /有無|可否|設置|利用/.test(field.name)
          ? label
          : // 「基本料金」 row, 「小型犬」 column: the small dog's fee, 「小型犬の基本料金」.
            FEE_NAME.test(label) && !FEE_NAME.test(field.name)
            ? `${field.name}の${label}`
            : !FEE_NAME.test(field.name) && qualifiedFee(label, field.name)
              ? qualifiedFee(label, field.name)!
              : // 「会議室1」 row, 「新規」 column: 「会議室1の新規」 reads as a stiff label; the column
                // says which of the item's prices.
                PRICE_QUALIFIER.test(field.name) && PRICE_CELL.test(field.value)
                ? `${label}の料金（${field.name}）`
                : `${label}の${field.name}`;
  const kindOf = (field: { name: string; value: string }) =>
    valueKind(heading && subjectOf(field).endsWith(heading) ? heading : field.name, field.value);

  // In a table row, a column with nothing to ask (「内容：初回限定・3時間」) is said with the
  // row's first question instead of being asked on its own.
  const open = (field: { name: string; value: string }) =>
    passage.kind === 'row' && kindOf(field) === 'を教えてください。';
  const details = fields.filter(open);
  const asked = fields.filter((field) => !open(field));
  // A row with nothing to ask (「中学生 | 数学、英語 | …」) is said with the questions that are
  // asked of its table; 「中学生について教えてください。」 over one of its cells was graded C.
  if (asked.length === 0) return [];
  return asked.map((field, position) => {
    // 「・日曜日・祝日 休診」: the days are the answer to when the place is closed.
    if (passage.kind === 'pair' && CLOSED.test(field.value) && WEEKDAY.test(field.name)) {
      const closedDay = /休診/.test(field.value) ? '休診日' : '定休日';
      return candidate(
        `${closedDay}はいつですか？`,
        `${field.name}は${field.value}です。`,
        position,
      );
    }
    const named = passage.kind !== 'row' && NAMED_QUESTIONS.find(([name]) => name.test(label));
    const subject = subjectOf(field);
    const question = named ? named[1](label, field.value) : `${subject}${kindOf(field)}`;
    let statement = fieldStatement(subject, priceInContext(field.value, passage.section));
    if (position === 0 && details.length > 0)
      statement = statement.replace(
        /(です|ます)。$/,
        `$1。${details.map((detail) => `${detail.name}は${detail.value}です。`).join('')}`,
      );
    const free = !named && kindOf(field) === 'は無料ですか？';
    return candidate(question, statement, position, free ? 'yes' : polarityOf(field.value));
  });
}
