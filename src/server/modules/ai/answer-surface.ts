import type { Analyzer, Token } from './japanese.ts';

/**
 * How a quoted answer reads (issue 23). The offline engine quotes the page, and pages are laid
 * out for the eye: a table row 「利用日の20日前まで 無料」, a label 「前日:宿泊料金の30%」, a
 * clipped note 「公共のスペースは禁煙。」「前日18時までにご連絡。」. Graders marked these for an
 * edit (B) where the same words said as a sentence are published as they are. This pass changes
 * only the joints between the page's words (a space, a colon, a slash, a missing です or
 * ください), and leaves out only layout (a heading run into a rule's line, a list's number): no
 * word or figure of the evidence is altered.
 */

const JAPANESE = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆`;
const SPACE = String.raw`[ \u3000]+`;
// A condition that a value follows in a table row: 「20日前まで 無料」 reads 「20日前までは無料」.
const CONDITION_END = /(?:まで|以降|以前|以内|以上|未満|場合|の方|前|後|[前当翌]日)$/;
// Words that finish the figure before them (「1,000円 加算」「13時 限定」) rather than start a new item.
const FINISHES_FIGURE =
  /^(?:加算|割引|割増|増し|引き|追加|別途|限定|のみ|程度|前後|以上|以下|未満|まで|から|より)/;
// A colon between a label and its value; a time's colon (10:00) has figures on both sides.
const LABEL_COLON = new RegExp(String.raw`(?<=[${JAPANESE}%％)）])[ \u3000]*[:：][ \u3000]*`, 'gu');
// A slash set apart by a space parts two items (「前日:30% / 当日:全額」); 「5,000円/日」 is a rate.
const SLASH_BETWEEN = new RegExp(
  String.raw`(?<=[${JAPANESE}\d%％)）])(?:${SPACE}[/／][ \u3000]*|[/／]${SPACE})(?=[${JAPANESE}\d])`,
  'gu',
);
const SPACE_BETWEEN = new RegExp(
  String.raw`(?<=[${JAPANESE}\d%％〜~円])${SPACE}(?=[${JAPANESE}¥￥\d(（])`,
  'gu',
);

/**
 * A space a flattened table or a typesetting habit left between a figure and its unit
 * (「10分 500 円」「1 件毎に」) read as a layout slip in an answer: the figure keeps its unit.
 */
export function withoutSpacedUnits(text: string): string {
  return (
    text
      .replace(/(\d)[ \u3000]+(?=(?:円|万円|件|日|回|分|時間|名|人|歳|か月|ヶ月|倍|%|％))/g, '$1')
      // 「3.000円」: a page's thousands written with a point, read as three yen (graded B/C); the
      // figure is the same, written as customers read it.
      .replace(/(?<![\d.])(\d{1,3})\.(\d{3})(?=\s*円)/g, '$1,$2')
      // 「¥300円」: the yen said twice.
      .replace(/[¥￥]\s*(\d[\d,]*)(?=\s*円)/g, '$1')
      // 「一律 100万円」「提出先 1件毎に」: a word runs into its figure. After a figure's own unit
      // (「10分 500円」) the space parts two values and stays.
      .replace(
        /((?:[\p{Script=Hiragana}\p{Script=Katakana}ー]|(?<=[^\d\s、。])\p{Script=Han}))[ \u3000]+(?=\d)/gu,
        '$1',
      )
  );
}

/** The label a joint closes, from the last comma or the sentence's start. */
function lastClause(before: string): string {
  return before.slice(Math.max(before.lastIndexOf('、'), before.lastIndexOf(',')) + 1);
}

/**
 * 「前日:宿泊料金の30%」 → 「前日は宿泊料金の30%」; 「キャンセル料について:前日まで…」 →
 * 「キャンセル料について、前日まで…」: a label that already ends on a particle takes a comma.
 */
function labelsSaid(sentence: string): string {
  return sentence.replace(LABEL_COLON, (colon, offset: number, whole: string) => {
    const before = whole.slice(0, offset);
    // 「AM10:00」「TEL:」 and other Latin labels keep their colon.
    if (/[A-Za-z]$/.test(before)) return colon;
    if (/(?:は|が|を|に|(?<!ま)で|と|について|に関して)$/.test(before)) return '、';
    // 「前日までのキャンセル:料金はかかりません」: the value has a topic of its own.
    const value = whole.slice(offset + colon.length).split(/[、。]/)[0] ?? '';
    return /[はが]/.test(value) ? 'は、' : 'は';
  });
}

/**
 * The spaces a table or a list left between words: before a bracket or a price they go
 * (「基本報酬 (月額)」), after a condition they read は (「20日前まで 無料」), between two
 * labels a comma (「1回 保育園のミルク使用」). Latin words keep theirs.
 */
function spacesSaid(sentence: string): string {
  return sentence.replace(SPACE_BETWEEN, (space, offset: number, whole: string) => {
    const before = whole.slice(0, offset);
    const after = whole.slice(offset + space.length);
    if (/^[(（]/.test(after)) return '';
    const clause = lastClause(before);
    // 「13:00~ 2,200円」: an open range then its fee; joined, it would read 13:00 to 2,200.
    if (/[〜~～]$/.test(before)) return space;
    if (/[\d円時]$/.test(before) && FINISHES_FIGURE.test(after)) return '';
    if (CONDITION_END.test(before) && !/は/.test(clause)) return 'は';
    // 「消臭抗菌コート ¥1,000」 is a row's name and price; 「例 1月6日」 is not a price.
    if (/^(?:[¥￥]|\d[\d,]*円)/.test(after))
      return /は/.test(clause) || !/[\p{Script=Han}\p{Script=Katakana}ー]$/u.test(before)
        ? ''
        : 'は';
    if (/^\d/.test(after)) return space;
    return '、';
  });
}

const NOUN_ENDING = new Set([
  '一般',
  'サ変接続',
  '接尾',
  '数',
  '副詞可能',
  '形容動詞語幹',
  'ナイ形容詞語幹',
]);
// A sentence that states a value after its topic or condition (「公共のスペースは禁煙」
// 「前日17時以降は全額」) ends on a noun; one without any (a heading, a list of names) is left.
const HAS_TOPIC = /[はが]|まで|場合|以降|以上|未満|につき|ごと|毎/;

const NOTICE_RULE =
  /^([^。、はが]{1,30}?(?:[、・][^。、はが]{1,20}?)?[\p{Script=Han}\p{Script=Katakana}ー])(のみ)?(禁止|厳禁|必須|不可|可)$/u;

/** 「前日18時までにご連絡」 → 「…ご連絡ください」; 「公共のスペースは禁煙」 → 「…禁煙です」. */
function predicateSaid(analyzer: Analyzer, body: string): string {
  // A note in brackets after the statement (「…全額(キャンセル手数料の次回振替はできません)」)
  // is not where the statement ends.
  const note = /[（(][^（()）]*[）)]$/.exec(body)?.[0] ?? '';
  const statement = body.slice(0, body.length - note.length);
  // A notice's rule (「打ち上げ花火禁止」「焚き火シート必須」「手持ち花火のみ可」) said of its thing.
  const rule = NOTICE_RULE.exec(statement);
  if (rule) {
    const [, thing, only, word] = rule;
    const said = word === '可' ? '可能' : word;
    return `${thing}${only ?? 'は'}${said}です${note}`;
  }
  const tokens: Token[] = analyzer.tokenize(statement);
  const last = tokens.at(-1);
  const beforeLast = tokens.at(-2);
  if (!last) return body;
  if (
    last.pos === '名詞' &&
    last.detail === 'サ変接続' &&
    beforeLast?.pos === '接頭詞' &&
    /^[ごお御]$/.test(beforeLast.surface) &&
    // 「…までにご連絡」 asks; 「よくあるご質問」 names.
    tokens.at(-3)?.pos === '助詞'
  )
    return `${statement}ください${note}`;
  const endsOnValue =
    // A noun in hiragana at the end (「くだだい」) is a mistyped word more often than a value.
    (last.pos === '名詞' &&
      NOUN_ENDING.has(last.detail) &&
      !/^\p{Script=Hiragana}+$/u.test(last.surface)) ||
    (last.pos === '助詞' && /^(?:まで|から)$/.test(last.surface)) ||
    /[%％]$/.test(statement);
  // The value is a noun phrase standing after a particle or a comma (「…は禁煙」「…は全額」);
  // a noun straight after a verb is a clipped or mistyped ending (「お済ませ下」), not a value.
  let start = tokens.length - 1;
  while (start > 0 && /^(?:名詞|接頭詞|記号)$/.test(tokens[start - 1]!.pos)) start -= 1;
  const opener = tokens[start - 1];
  // 「…かどうかを確認」「…に変更」 are verbs cut short (確認する), not values.
  const standsAlone =
    !opener ||
    (opener.pos === '助詞' && !/^[をに]$/.test(opener.surface)) ||
    tokens[start]!.pos === '記号';
  if (endsOnValue && standsAlone && HAS_TOPIC.test(statement.slice(0, -last.surface.length)))
    return `${statement}です${note}`;
  return body;
}

/**
 * An answer quoted from the page, said as sentences. A page's own Q&A answer is not passed
 * here: the owner wrote it as an answer already.
 */
export function readsAsProse(analyzer: Analyzer, answer: string): string {
  return (
    answer
      .split(/(?<=[。！？])/)
      .map((sentence) => {
        const mark = /[。！？]$/.exec(sentence)?.[0] ?? '';
        let body = sentence.slice(0, sentence.length - mark.length).trim();
        if (!body) return sentence;
        body = body
          // 「…ください。5、レンタサイクルの利用後は…」: a list's number left inside a paragraph.
          .replace(/^\d{1,2}[、.．](?=[^\d\s])/, '')
          // 「1週間( この期間中…」: a bracket's inner space is layout.
          .replace(/([（(])[ \u3000]+/g, '$1')
          // 「12:30時~16時」: the page wrote the hour twice.
          .replace(/(\d{1,2}:\d{2})時/g, '$1')
          // 「16:00 〜 23:00」: a range's spaces are layout.
          .replace(
            /(\d{1,2}(?::\d{2}|時))[ \u3000]*([〜~～])[ \u3000]*(?=\d{1,2}(?::\d{2}|時))/g,
            '$1$2',
          )
          // 「【ペットホテルキャンセルポリシー】1週間前~…」: the heading the page set on the rule's
          // line; the question names it.
          .replace(/^【[^】]{2,30}】(?=\S{6,})/, '')
          // 「【個人】 課税事業者の…」: a table's group label, said as a label.
          .replace(/【([^】]{1,20})】(?=[ \u3000])/g, '$1')
          // 「キャンセル料について 前日までの…」: the heading the page set before its rule, run into
          // the rule's line; the question already names it.
          .replace(
            /^[^、。\s:：]{2,20}について(?:[ \u3000]+|[ \u3000]*[:：][ \u3000]*)(?=\S{6,})/,
            '',
          );
        body = spacesSaid(labelsSaid(body.replace(SLASH_BETWEEN, '、')));
        if (mark === '。' || mark === '') body = predicateSaid(analyzer, body);
        return `${body}${mark || '。'}`;
      })
      .join('')
      // A note the page set on a line of its own (「(打上げ花火は禁止)」) belongs to the sentence
      // before it.
      .replace(/。[（(]([^（()）。]+)[）)]。/g, '（$1）。')
      // 「尚、作業日確定から48時間以内であれば…」: a connective leans on a sentence the answer does
      // not begin with.
      .replace(/^(?:尚|なお|また|さらに|更に)、/, '')
  );
}
