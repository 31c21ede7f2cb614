import { normalizeText } from './japanese.ts';

/**
 * Content cut into the passages a FAQ can rest on: sentences, table rows, list items and
 * 「項目：値」 lines, each with its page and section. Every question the offline engine asks is
 * born from one passage, and every model answer is grounded in the passages retrieved for it.
 */
export interface SourcePage {
  url: string;
  title: string;
  markdown: string;
}

export type PassageKind = 'sentence' | 'row' | 'pair' | 'list' | 'qa';

export interface Passage {
  /** Position in the whole content: neighbours are the passages around it in one section. */
  index: number;
  kind: PassageKind;
  url: string;
  /** The nearest heading above the passage ('' when none). */
  section: string;
  /** Counter of the section the passage sits in, so neighbours never cross a heading. */
  sectionId: number;
  /** The text as the content states it: the evidence (根拠) shown beside an answer. */
  text: string;
  /**
   * For rows and pairs: the item the facts belong to and its attributes (header → value). For
   * a question and answer the page already has (よくある質問): the question, the text its answer.
   */
  label?: string;
  fields?: { name: string; value: string }[];
}

const MIN_CHARS = 6;
const MAX_SENTENCE_CHARS = 400;

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

function stripMarkdown(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/^\s*(?:[-*+]|\d+[.)]|[・●◆■□◇○※])\s*/, '')
    .replace(/^>\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => stripMarkdown(cell));
}

// A 「項目：値」 line. The colon of a clock time (「10:00〜19:00」) is not the separator.
const PAIR =
  /^((?:[^：:。、]|(?<=\d)[：:](?=\d)){1,20}?)(?:(?<!\d)[：:]|[：:](?!\d))\s*(.{1,200})$/;
// 【診療時間】午前9時〜午後6時: the bracketed name of a field, or alone on its line a heading.
const BRACKETED = /^[【［[〈《＜<]([^】］\]〉》＞>]{1,20})[】］\]〉》＞>]\s*(.{0,200})$/;
// Words in brackets that flag a line rather than name a field (【重要】本日は臨時休業です).
const FLAG = /^(?:重要|お知らせ|注意|ご注意|NEW|new|新着|PR|速報|告知|必読)$/;
// A menu line 「カット 4,400円」「シャンプーコース（小型犬）4,950円〜」: an item and its price.
const PRICED_ITEM =
  /^([^\s。、：:]{2,30}?(?:[（(][^）)]{1,12}[）)])?)[\s\u3000]*(?:[…‥・.\-－―]{2,}\s*)?((?:約)?(?:[¥￥][\d,]+|[\d,]+(?:円|万円))(?:〜|～|から)?(?:[（(][^）)]{1,12}[）)])?)$/;
// The same with a space between item and value, for counts and times too (「駐車場 5台」).
const SPACED_ITEM = /^([^\s。、：:]{2,20})[\s\u3000]+((?:約|最大|毎週|午前|午後)?\d[^。]{0,40})$/;
// In a bulleted list, any short value after a space: 「・日曜日・祝日 休診」.
const SPACED_LIST_ITEM = /^([^\s。、：:]{2,20})[\s\u3000]+([^\s。]{1,12})$/;
const BULLET = /^\s*(?:[-*+]|[・●◆■□◇○※])\s*/;
// 「Q. 駐車場はありますか？」「Ｑ１：…？」 and their 「A. …」 on a よくある質問 page.
const QUESTION_LINE = /^(?:Q|Ｑ|質問|問)\s*[\d０-９]*\s*[.．:：、)）]?\s*(.{4,120}[？?])$/;
const ANSWER_LINE = /^(?:A|Ａ|回答|答え?)\s*[\d０-９]*\s*[.．:：、)）]?\s*(.{2,})$/;
const BOILERPLATE =
  /copyright|all rights reserved|©|ページの先頭|トップへ戻る|クッキー|cookie|javascript|メニューを開く|^(ホーム|トップ|home)$/i;

function isUsable(text: string): boolean {
  const plain = normalizeText(text);
  if (plain.length < MIN_CHARS) return false;
  if (!/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(plain)) return false;
  return !BOILERPLATE.test(plain);
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

export function toPassages(pages: SourcePage[]): Passage[] {
  const passages: Passage[] = [];
  let sectionId = 0;
  for (const page of pages) {
    let section = '';
    sectionId++;
    const lines = page.markdown.replace(/\r/g, '').split('\n');
    let header: string[] | undefined;
    const push = (passage: Omit<Passage, 'index' | 'url' | 'section' | 'sectionId'>) => {
      if (!isUsable(passage.text)) return;
      passages.push({ ...passage, index: passages.length, url: page.url, section, sectionId });
    };
    // A question the page asks itself, waiting for the answer on the lines that follow.
    let asked: string | undefined;
    // Short bulleted items under a heading (「対象」: ・生後6か月から… ・区内在住の方) are one
    // fact about the heading; alone, or without a heading, each is a sentence.
    let listItems: string[] = [];
    const flushList = () => {
      if (listItems.length >= 2 && section) {
        const value = listItems.join('、');
        push({ kind: 'list', text: value, label: section, fields: [{ name: section, value }] });
      } else for (const item of listItems) push({ kind: 'sentence', text: item });
      listItems = [];
    };
    for (const rawLine of lines) {
      const line = halfWidthFigures(rawLine).trim();
      const bulleted = BULLET.test(line);
      if (!line || !bulleted) flushList();
      if (!line) {
        header = undefined;
        continue;
      }
      const heading = /^#{1,6}\s+(.+)$/.exec(line);
      const plain = stripMarkdown(heading ? heading[1]! : line);
      const question =
        QUESTION_LINE.exec(plain)?.[1] ?? (heading && /[？?]$/.test(plain) ? plain : undefined);
      if (question) {
        asked = question.replace(/\?$/, '？');
        continue;
      }
      if (asked && heading) asked = undefined;
      if (asked) {
        const answer = (ANSWER_LINE.exec(plain)?.[1] ?? plain).trim();
        push({ kind: 'qa', text: answer, label: asked });
        asked = undefined;
        continue;
      }
      if (heading) {
        section = stripMarkdown(heading[1]!);
        sectionId++;
        header = undefined;
        continue;
      }
      if (line.startsWith('|')) {
        const cells = tableCells(line);
        if (cells.every((cell) => /^:?-{2,}:?$/.test(cell) || cell === '')) continue;
        if (!header) {
          header = cells;
          continue;
        }
        const [label, ...values] = cells;
        if (!label) continue;
        const fields = values
          .map((value, position) => ({ name: header![position + 1] ?? '', value }))
          .filter((field) => field.name && field.value && field.value !== '-');
        if (fields.length === 0) continue;
        push({
          kind: 'row',
          text: `${label}：${fields.map((field) => `${field.name} ${field.value}`).join('、')}`,
          label,
          fields,
        });
        continue;
      }
      header = undefined;
      const text = stripMarkdown(line);
      const bracketed = BRACKETED.exec(text);
      if (bracketed && !FLAG.test(bracketed[1]!.trim())) {
        const [, name, value] = bracketed;
        if (!value!.trim()) {
          section = name!.trim();
          sectionId++;
          continue;
        }
        if (!/[。！？]/.test(value!.slice(0, -1))) {
          pushPair(push, text, name!, value!, section);
          continue;
        }
      }
      // The sentences of 【重要】… or 【ご案内】…。…。 are read without their bracketed word.
      const body = bracketed ? bracketed[2]!.trim() : text;
      // A line that only names what follows (「料金：」「■ 無料の備品」 before a list) is a heading.
      const nameOnly =
        /^([^。、：:]{2,16})[：:]$/.exec(text) ??
        (/^\s*[■□◆◇▼▶]/.test(line) ? /^([^。、：:\d]{2,20})$/.exec(text) : null);
      if (nameOnly) {
        flushList();
        section = nameOnly[1]!.trim();
        sectionId++;
        continue;
      }
      const pair =
        PAIR.exec(body) ??
        PRICED_ITEM.exec(body) ??
        SPACED_ITEM.exec(body) ??
        (bulleted ? SPACED_LIST_ITEM.exec(body) : null);
      if (pair && !/[。！？]/.test(pair[2]!.slice(0, -1)) && !/[はがを]$/.test(pair[1]!)) {
        pushPair(push, body, pair[1]!, pair[2]!, section);
        continue;
      }
      // An item that states something (「浦和区内は…配達無料」) is a sentence, not a list entry.
      const statesSomething = /[はがを]/.test(body.replace(/[（(][^）)]*[）)]/g, ''));
      if (bulleted && !/[。！？]/.test(body) && body.length <= 40 && !statesSomething) {
        listItems.push(body);
        continue;
      }
      for (const sentence of splitJapaneseSentences(body)) {
        if (/[？?]$/.test(sentence) || sentence.length > MAX_SENTENCE_CHARS) continue;
        push({ kind: 'sentence', text: sentence });
      }
    }
    flushList();
  }
  return passages;
}

/**
 * One 「項目：値」 fact. A price under a heading that says 税込／税別 keeps that word, so the
 * answer to 「カットはいくらですか？」 says what the menu says.
 */
function pushPair(
  push: (passage: Omit<Passage, 'index' | 'url' | 'section' | 'sectionId'>) => void,
  text: string,
  rawName: string,
  rawValue: string,
  section: string,
): void {
  // 「区外は配達料 880円〜」: the item is 区外の配達料.
  const name = rawName.trim().replace(/^([^は]{1,10})は(.{2,})$/, '$1の$2');
  let value = rawValue
    .trim()
    .replace(/。$/, '')
    .replace(/(?:です|でございます)$/, '');
  const tax = /税込|税別|税抜/.exec(section)?.[0];
  if (tax && /円/.test(value) && !/税/.test(value)) value = `${value}（${tax}）`;
  push({ kind: 'pair', text, label: name, fields: [{ name, value }] });
}

/** What retrieval reads of a passage: its heading, the question it answers, its text. */
export function searchableText(passage: Passage): string {
  return `${passage.section} ${passage.kind === 'qa' ? (passage.label ?? '') : ''} ${passage.text}`;
}

const passagesByPages = new WeakMap<SourcePage[], Passage[]>();

/**
 * The passages of one set of pages, cut once: the answers of a run all read the same pages,
 * and each would otherwise cut (and tokenise around) the whole content again.
 */
export function passagesOf(pages: SourcePage[]): Passage[] {
  let passages = passagesByPages.get(pages);
  if (!passages) {
    passages = toPassages(pages);
    passagesByPages.set(pages, passages);
  }
  return passages;
}
