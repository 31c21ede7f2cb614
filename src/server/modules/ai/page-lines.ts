/**
 * The lines of a page made ready to be read as passages (passages.ts): layout marks and
 * Markdown removed, figures in half-width, and the lines a copied table or list broke apart
 * put back together (an hours column, a line cut after の, a price cell that runs into its note).
 */

// A line that opens a list item: a bullet, a circled number, a ※ note.
export const BULLET = /^\s*(?:[-*+•・●○◆◇■□▼▲▶►◉♦✓✔➤➢★☆◎※]|[①-⑳㉑-㉟⑴-⒇])\s*/;

/** Splits a paragraph at 。！？ outside brackets, keeping the mark with its sentence. */
export function splitJapaneseSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of paragraph) {
    current += char;
    if ('「『（(【'.includes(char)) depth++;
    else if ('」』）)】'.includes(char)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && '。！？!?'.includes(char)) {
      sentences.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) sentences.push(current.trim());
  return sentences.filter(Boolean);
}

// The marks a page's layout opens a line with: bullets, circled and list numbers (「①」「1.」
// 「2、」「(3)」「2.7:00〜」「3.1時間前以降」, never the 2 of 「2、3日」 or 「2.5倍」), arrows, and the Q／A markers
// of a よくある質問 block.
const LEADING_MARK =
  /^\s*(?:[-*+•・●○◆◇■□▼▲▶►◉♦✓✔➤➢⇒➡→★☆◎※@＠]+|[①-⑳㉑-㉟⑴-⒇]|[(（]\d{1,2}[)）]|\d{1,2}(?:[.．)）](?!\d)|[.．](?=\d{1,2}:\d{2})|[.．](?=\d{1,2}\s*(?:時間|日|週間|か月|ヶ月)前)|、(?![\d０-９]))|(?:Q|Ｑ|A|Ａ)\s*\d{0,2}\s*(?:[.．:：、)）]\s*|\s+)(?=[^\sA-Za-z]))\s*/;

/** A line without the marks its layout opens it with, however many (「③※ペットボトル…」). */
export function withoutLeadingMarks(line: string): string {
  let text = line;
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(LEADING_MARK, '');
  }
  return text;
}

/**
 * Layout inside a line, removed from what is shown: citation markers, decorative stars, a
 * stray table pipe, dot leaders (「…の場合………無料」), 【】 around a word; a ※ note stays as
 * the condition it is, in brackets after its sentence. Figures, e-mail addresses and
 * underscores are left as written.
 */
export function withoutInlineLayout(line: string): string {
  return (
    line
      .replace(/\s*\[cite(?:_start|_end)?(?::\s*[\d,\s]+)?\]/g, '')
      .replace(/[★☆]/g, '')
      .replace(/\s*[|｜]\s*$/, '')
      .replace(/\s*[|｜]\s*/g, ' ')
      .replace(/\s*(?:[…‥]+|[・.．]{3,})\s*(?=[\d¥￥])/g, ' ')
      .replace(/\s*(?:[…‥]+|[・.．]{3,})\s*/g, '、')
      .replace(/(?<=.)【([^】]{1,20})】/g, '「$1」')
      // 「シューイチプラン※1」: a footnote's number is a reference, not a note (「（1）」).
      .replace(/※\s*[0-9０-９]{1,2}(?=\s|$|[^0-9０-９%％円,，.:：])/g, '')
      .replace(/(?<=\S)\s*※\s*([^※。]{1,60})(。?)$/, '（$1）$2')
      .replace(/\s*※\s*/g, '。')
      .replace(/\s+(?:[⇒➡→]|=>)\s*/g, '、')
  );
}

/** Links, images, emphasis and quote marks of Markdown removed; the layout's own marks kept. */
export function withoutMarkdown(line: string): string {
  return (
    line
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*`]+/g, '')
      // Emphasis underscores only: 「info_shop@example.jp」 keeps its own.
      .replace(/(?<![A-Za-z0-9])_{1,2}(?=\S)|(?<=\S)_{1,2}(?![A-Za-z0-9])/g, '')
      .replace(/^>\s*/, '')
      .trim()
  );
}

export function stripMarkdown(line: string): string {
  return withoutInlineLayout(withoutLeadingMarks(withoutMarkdown(line)))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The lines of a page's answer as one text: a line that ends a statement ends its sentence,
 * a list entry (「VISA・Master Card」) runs on with a comma.
 */
export function joinAnswerLines(lines: string[]): string {
  return lines
    .map((line, position) => {
      if (position === lines.length - 1 || /[。！？!?」』）)]$/.test(line)) return line;
      return /(?:ます|です|ません|ください|でした|ました)$/.test(line) ? `${line}。` : `${line}、`;
    })
    .join('');
}

const HOURS_LABEL = /^((?:診療|営業|受付|診察|開館|開園|利用|レッスン)時間)/;
const BARE_TIME_RANGE = /^\d{1,2}:\d{2}\s*[~〜～\-－]\s*\d{1,2}:\d{2}$/;

/**
 * An hours table copied as text keeps its first column and loses the rest: 「診療時間 日・祝」,
 * then 「8:30~12:00」「13:30~19:00」 on lines of their own. The times are the hours the label
 * names (the weekday headers beside it cannot be told apart any more, so they are left out).
 */
export function joinHoursColumn(lines: string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const label = HOURS_LABEL.exec(lines[index] ?? '')?.[1];
    const ranges: string[] = [];
    while (label && BARE_TIME_RANGE.test(lines[index + ranges.length + 1] ?? ''))
      ranges.push(lines[index + ranges.length + 1]!);
    if (!label || ranges.length === 0) {
      joined.push(lines[index]!);
      continue;
    }
    joined.push(`${label}：${ranges.join('、')}`);
    index += ranges.length;
  }
  return joined;
}

/**
 * A line cut before its end (「利用開始日の」 over 「29~8日前まで ご予約料金の30%」, a table
 * copied cell by cell) goes on in the next line: read alone, each half says nothing.
 */
export function joinDanglingLines(lines: string[]): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const previous = joined.at(-1);
    if (
      previous !== undefined &&
      line &&
      !/^[|#]/.test(line) &&
      !BULLET.test(line) &&
      previous.length <= 16 &&
      /[^\s|#]/.test(previous) &&
      !/^[|#]/.test(previous) &&
      /[\p{Script=Han}\p{Script=Katakana}ー]の$/u.test(previous)
    )
      joined[joined.length - 1] = previous + line;
    else joined.push(line);
  }
  return joined;
}

/**
 * One line of a flattened page can hold several items (「① 誓約書への同意。② 入場料の支払」,
 * 「… • 上記症状に…」): each starts a line of its own, with its mark, as the page meant it.
 */
export function layoutLines(line: string): string[] {
  return line
    .split(/(?<=\S)\s+(?=[•●◆◇■□▼▶★☆◎①-⑳])|(?<=\S)(?=[•●◆◇■□▼▶]\s)|(?<=。)\s*(?=[①-⑳])/)
    .flatMap((part) => {
      // 「入塾金¥5,000 全学年共通して、入塾時に納入してください。」: a price cell, then its note.
      const priced = PRICE_THEN_NOTE.exec(part.trim());
      return priced ? [`${priced[1]} ${priced[2]}`, priced[3]!] : [part];
    })
    .map((part) => part.trim())
    .filter(Boolean);
}

const PRICE_THEN_NOTE =
  /^([^\s。、¥￥\d]{2,12}?)\s*([¥￥][\d,]+|[\d,]+円)\s+([^\s\d¥￥][^。]*[、。][^。]*。?)$/;

export function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => stripMarkdown(cell));
}

/**
 * Full-width digits and Latin letters (「１０時」「４，４００円」「ＷｉＦｉ」) read as their
 * half-width forms, as Japanese style guides write figures; the Japanese punctuation stays.
 */
export function halfWidthFigures(line: string): string {
  return line
    .replace(/[０-９Ａ-Ｚａ-ｚ]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/(?<=\d)[，](?=\d{3})/g, ',')
    .replace(/(?<=\d)[：](?=\d{2})/g, ':')
    .replace(/(?<=\d)[．](?=\d)/g, '.')
    .replace(/[％]/g, '%');
}

const CELL_GAP = /[ \u3000\t]+/;
const FIGURE_CELL = /\d|無料|要相談|お問い?合わせ|^[-－―ー]$/;

/**
 * A table copied from a web page as text keeps its cells apart by spaces: 「お部屋の種類 小型犬
 * 中型犬」 over 「基本料金 4,000円~ 4,500円~」. Read as sentences, the row's figures have lost
 * their columns (which is the small dog's price?); under a header with as many cells they have
 * them back, so such lines become the table they were (`| 基本料金 | 4,000円~ | 4,500円~ |`).
 */
export function spacedTables(lines: string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const header = lines[index]!.trim();
    const headerCells = header.split(CELL_GAP);
    const isHeader =
      headerCells.length >= 3 &&
      !/[|。、！？：:]/.test(header) &&
      !BULLET.test(header) &&
      headerCells.every((cell) => cell.length <= 12 && !/\d/.test(cell));
    const rows: string[][] = [];
    let next = index + 1;
    while (isHeader) {
      const row = rowAt(lines, next, headerCells.length);
      if (!row) break;
      rows.push(row.cells);
      next += row.lines;
    }
    const itemValues =
      isHeader && rows.length === 0 ? valuesUnder(lines[index + 1], headerCells) : [];
    if (itemValues.length > 0) {
      out.push(...itemValues);
      index += 1;
      continue;
    }
    if (rows.length === 0) {
      out.push(lines[index]!);
      continue;
    }
    for (const cells of [headerCells, ...rows]) out.push(`| ${cells.join(' | ')} |`);
    index = next - 1;
  }
  return out;
}

/**
 * 「基本料金 作業時間 人数 材料費 移動費」 over 「¥3,000(1日) ¥1,500(1時間) … ※作業内容により異なります
 * 20キロ以上は1キロ+¥100」: each name over its value, said as 「基本料金：¥3,000(1日)」. A value
 * that is no figure is kept only for a fee (「材料費：作業内容により異なります」); a formula under
 * 人数 says nothing of its own.
 */
function valuesUnder(line: string | undefined, names: string[]): string[] {
  const values = (line ?? '').trim().split(CELL_GAP);
  if (values.length !== names.length || values.filter((value) => /\d/.test(value)).length < 2)
    return [];
  return names.flatMap((name, column) => {
    const value = values[column]!.replace(/^※/, '');
    return /\d/.test(value) || /(?:料|費|代)$/.test(name) ? [`${name}：${value}`] : [];
  });
}

const valuesOnly = (line: string, count: number): string[] | undefined => {
  const cells = line.trim().split(CELL_GAP);
  return cells.length === count &&
    cells.every((cell) => FIGURE_CELL.test(cell) && !/[。|]/.test(cell))
    ? cells
    : undefined;
};

/**
 * The row of a spaced table that starts at `at`: its label and values on one line, or a label the
 * page broke over a line or two (「超過料金(1時間ごと)」「12:00~」) above a line of values only
 * (「300円~ 300円~」), which keeps its label whole (「超過料金(1時間ごと) 12:00~」).
 */
function rowAt(
  lines: string[],
  at: number,
  columns: number,
): { cells: string[]; lines: number } | undefined {
  const cells = (lines[at] ?? '').trim().split(CELL_GAP);
  if (
    cells.length === columns &&
    !/[。|]/.test(cells.join('')) &&
    !/\d/.test(cells[0]!) &&
    cells.slice(1).every((cell) => FIGURE_CELL.test(cell))
  )
    return { cells, lines: 1 };
  const label: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const line = (lines[at + offset] ?? '').trim();
    const values = valuesOnly(line, columns - 1);
    if (values && label.length > 0 && !/^\d/.test(label[0]!))
      return { cells: [label.join(' '), ...values], lines: offset + 1 };
    // A label's colon ends a sentence-like line; a time's (「12:00~」) belongs to the label.
    if (!line || line.length > 20 || /[。|：]|:(?!\d)/.test(line) || valuesOnly(line, columns - 1))
      return undefined;
    label.push(line);
  }
  return undefined;
}

/** A line that asks a question without a Q mark (「トリミングを利用する周期は?」). */
export const UNMARKED_QUESTION = /^[^。！!]{4,120}[？?]$/;
// 「お悩みではありませんか？」「こんなことで困っていませんか？」: the page addressing its reader.
export const RHETORICAL =
  /ませんか[？?]$|ないですか[？?]$|悩み|お困り|お探し|ご存じ|ご存知|でしょう[？?]$/;

/**
 * A page written as questions and answers without marking them (「トリミングを利用する周期は?」
 * over its answer, then the next question): two lines or more that ask what a customer asks, each
 * followed by a line that answers, make the whole page a block of the page's own Q&A.
 */
export function asksItself(lines: string[]): boolean {
  const plain = lines.map((line) => line.trim()).filter(Boolean);
  let asked = 0;
  for (const [index, line] of plain.entries()) {
    const next = plain[index + 1];
    if (
      UNMARKED_QUESTION.test(line) &&
      !RHETORICAL.test(line) &&
      next !== undefined &&
      !UNMARKED_QUESTION.test(next) &&
      !/^#/.test(line)
    )
      asked++;
  }
  return asked >= 2;
}

/**
 * A text copied or saved part way ends inside a sentence (「…来店前にお済ませ下」「…返金いたしか」
 * 「…作業工程は」): quoted, that half sentence was graded C every time. Where the prose ends its
 * sentences with 。, a last line that stops on a kana other than a sentence's end is cut back to
 * its last whole sentence; a closing heading or table cell (「540,000円」) is left.
 */
export function withoutCutOffEnd(text: string): string {
  const trimmed = text.trimEnd();
  if ((trimmed.match(/。/g) ?? []).length < 3) return text;
  const lineStart = trimmed.lastIndexOf('\n') + 1;
  const sentenceStart = Math.max(lineStart, trimmed.lastIndexOf('。') + 1);
  const rest = trimmed.slice(sentenceStart);
  const unfinished =
    rest.trim().length >= 6 &&
    /[ぁ-ゖ下]$/.test(rest) &&
    !/(?:です|ます|ません|ください|下さい|でした|ました|ましょう|ね|よ)$/.test(rest);
  return unfinished ? trimmed.slice(0, sentenceStart) : text;
}

/**
 * 「| 前日まで | 当日 | ノーショウ |」 over 「| 40% | 50% | 100% |」: a table laid out across,
 * its names in one row and their figures in the next. Read down, each figure was said of its
 * neighbour's name (「40%は予約キャンセル50%です」, graded C). Each name is given its figure on a
 * line of its own, under the table's one-cell caption row above them (「| 予約キャンセル | ||」)
 * as a heading; the table goes on after them.
 */
export function acrossTables(lines: string[]): string[] {
  const out: string[] = [];
  let caption = '';
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!;
    if (!line.startsWith('|')) {
      caption = '';
      out.push(line);
      continue;
    }
    const names = tableCells(line).filter(Boolean);
    const below = lines[at + 1]?.startsWith('|') ? tableCells(lines[at + 1]!).filter(Boolean) : [];
    if (
      names.length >= 2 &&
      names.every((cell) => !/\d/.test(cell)) &&
      below.length === names.length &&
      below.every((cell) => /\d/.test(cell))
    ) {
      out.push('', ...(caption ? [`${caption}：`] : []));
      out.push(...names.map((name, position) => `${name}：${below[position]}`), '');
      at++;
      continue;
    }
    if (names.length === 1 && !/\d/.test(names[0]!) && !/^:?-{2,}:?$/.test(names[0]!))
      caption = names[0]!;
    else if (!names.every((cell) => /^:?-{2,}:?$/.test(cell))) caption = '';
    out.push(line);
  }
  return out;
}
