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

export type PassageKind = 'sentence' | 'row' | 'pair';

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
  /** For rows and pairs: the item the facts belong to and its attributes (header → value). */
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

const PAIR = /^([^：:。、]{1,20})[：:]\s*(.{1,200})$/;
const BOILERPLATE =
  /copyright|all rights reserved|©|ページの先頭|トップへ戻る|クッキー|cookie|javascript|メニューを開く|^(ホーム|トップ|home)$/i;

function isUsable(text: string): boolean {
  const plain = normalizeText(text);
  if (plain.length < MIN_CHARS) return false;
  if (!/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(plain)) return false;
  return !BOILERPLATE.test(plain);
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
    for (const rawLine of lines) {
      const line = rawLine.trim();
      if (!line) {
        header = undefined;
        continue;
      }
      const heading = /^#{1,6}\s+(.+)$/.exec(line);
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
      const pair = PAIR.exec(text);
      if (pair && !/[。！？]/.test(pair[2]!.slice(0, -1))) {
        const [, name, value] = pair;
        push({
          kind: 'pair',
          text,
          label: name!.trim(),
          fields: [{ name: name!.trim(), value: value!.trim().replace(/。$/, '') }],
        });
        continue;
      }
      for (const sentence of splitJapaneseSentences(text)) {
        if (/[？?]$/.test(sentence) || sentence.length > MAX_SENTENCE_CHARS) continue;
        push({ kind: 'sentence', text: sentence });
      }
    }
  }
  return passages;
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
