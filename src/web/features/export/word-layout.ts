import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  Packer,
  Paragraph,
  TextRun,
  type IRunOptions,
  type ParagraphChild,
} from 'docx';
import {
  documentForVariant,
  notesFor,
  type ExportOptions,
  type ExportVariant,
} from '../../../shared/exports.ts';
import { markedParts } from '../../../shared/figure-flags.ts';
import type { ExportDocument, ExportItem } from '../../../shared/generations.ts';

/**
 * The Word layout of docs/spec.md §9, pure (no DOM) so it runs under Node in tests. Only
 * export-to-word.ts imports this module, dynamically, so `docx` stays out of the app bundle.
 *
 * docx's `size` is in half-points, as is w:sz: the spec's 24 / 22 / 20 are passed through as
 * they are (12 pt / 11 pt / 10 pt).
 */
export const WORD_SIZES = {
  question: 24,
  answer: 22,
  heading: 22,
  expert: 20,
  source: 18,
} as const;
export const EXPERTS_HEADING = '専門家の意見:';
export const INTEGRATED_HEADING = '統合回答:';
export const UNANSWERED_APPENDIX_HEADING = '付録: ページに答えがない、よくある質問（未回答）';

/** Word needs w:eastAsia for Japanese glyphs; 游ゴシック ships with Windows and macOS. */
export const WORD_FONT = {
  ascii: '游ゴシック',
  hAnsi: '游ゴシック',
  eastAsia: '游ゴシック',
  cs: '游ゴシック',
} as const;

/** A line break inside an answer becomes a Word line break, not a lost character. */
function runs(text: string, options: Omit<IRunOptions, 'text' | 'break'>): TextRun[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line, index) => new TextRun({ ...options, text: line, ...(index ? { break: 1 } : {}) }));
}

function paragraph(
  text: string,
  options: Omit<IRunOptions, 'text' | 'break'>,
  layout: { before?: number; after?: number; indent?: number; keepNext?: boolean } = {},
): Paragraph {
  return new Paragraph({
    children: runs(text, options),
    // A heading (question, 専門家の意見:, 【name】, 統合回答:) never ends a page alone.
    ...(layout.keepNext ? { keepNext: true } : {}),
    spacing: { before: layout.before ?? 0, after: layout.after ?? 80 },
    ...(layout.indent ? { indent: { left: layout.indent } } : {}),
  });
}

/**
 * An answer with the figures the check could not find highlighted (yellow, underlined), so the
 * owner sees which words to check against the page (ADR 036).
 */
function markedParagraph(
  prefix: string,
  text: string,
  phrases: readonly string[],
  options: Omit<IRunOptions, 'text' | 'break'>,
  layout: { indent?: number } = {},
): Paragraph {
  if (phrases.length === 0) return paragraph(`${prefix}${text}`, options, layout);
  const children = markedParts(`${prefix}${text}`, phrases).flatMap((part) =>
    runs(
      part.text,
      part.marked ? { ...options, highlight: 'yellow', underline: { type: 'single' } } : options,
    ),
  );
  return new Paragraph({
    children,
    spacing: { after: 80 },
    ...(layout.indent ? { indent: { left: layout.indent } } : {}),
  });
}

function sourceParagraph(url: string): Paragraph {
  const size = WORD_SIZES.source;
  const children: ParagraphChild[] = [new TextRun({ size, color: '555555', text: '出典: ' })];
  children.push(
    /^https?:\/\//i.test(url)
      ? new ExternalHyperlink({
          link: url,
          children: [new TextRun({ size, text: url, style: 'Hyperlink' })],
        })
      : new TextRun({ size, color: '555555', text: url }),
  );
  return new Paragraph({ children, spacing: { after: 80 } });
}

function itemParagraphs(item: ExportItem, index: number, variant: ExportVariant): Paragraph[] {
  const phrases = item.unverified?.phrases ?? [];
  const paragraphs = [
    paragraph(
      `Q${index + 1}: ${item.question}`,
      { bold: true, size: WORD_SIZES.question },
      { before: 360, after: 120, keepNext: true },
    ),
  ];
  const experts = item.expertAnswers ?? [];
  if (experts.length === 0) {
    paragraphs.push(markedParagraph('A: ', item.answer, phrases, { size: WORD_SIZES.answer }));
  } else {
    paragraphs.push(
      paragraph(EXPERTS_HEADING, { bold: true, size: WORD_SIZES.heading }, { keepNext: true }),
    );
    for (const expert of experts) {
      paragraphs.push(
        paragraph(
          `【${expert.expert}】`,
          { bold: true, size: WORD_SIZES.expert },
          { before: 80, keepNext: true },
        ),
        markedParagraph('', expert.answer, phrases, { size: WORD_SIZES.expert }, { indent: 240 }),
      );
    }
    if (item.integratedAnswer) {
      paragraphs.push(
        paragraph(
          INTEGRATED_HEADING,
          { bold: true, size: WORD_SIZES.heading },
          { before: 120, keepNext: true },
        ),
        markedParagraph('', item.integratedAnswer, phrases, { size: WORD_SIZES.expert }),
      );
    }
  }
  if (item.sourceUrl) paragraphs.push(sourceParagraph(item.sourceUrl));
  if (item.evidence)
    paragraphs.push(
      new Paragraph({
        children: [
          new TextRun({ size: WORD_SIZES.source, color: '555555', text: `根拠: ${item.evidence}` }),
        ],
        indent: { left: 240 },
        spacing: { after: 80 },
      }),
    );
  for (const note of notesFor(item, variant))
    paragraphs.push(
      paragraph(note, { bold: true, size: WORD_SIZES.source, color: 'B45309' }, { indent: 240 }),
    );
  return paragraphs;
}

/** The owner's to-do: what customers will ask that neither the page nor an FAQ answers yet. */
function appendixParagraphs(questions: string[]): Paragraph[] {
  if (questions.length === 0) return [];
  return [
    paragraph(
      UNANSWERED_APPENDIX_HEADING,
      { bold: true, size: WORD_SIZES.heading },
      { before: 600, after: 120, keepNext: true },
    ),
    ...questions.map((question) =>
      paragraph(`・${question}`, { size: WORD_SIZES.expert }, { indent: 240 }),
    ),
  ];
}

/** 公開用 unless 確認用 is asked for: sources, 根拠, notes and the appendix are the review copy's. */
export function buildWordDocument(input: ExportDocument, options?: ExportOptions): Document {
  const { title, items, unanswered = [], variant } = documentForVariant(input, options);
  return new Document({
    creator: 'FAQ工房',
    title,
    styles: {
      default: {
        // Document defaults (w:docDefaults), so every style, the Title included, inherits them.
        document: { run: { font: WORD_FONT, language: { value: 'ja-JP', eastAsia: 'ja-JP' } } },
      },
    },
    sections: [
      {
        children: [
          new Paragraph({
            text: title,
            heading: HeadingLevel.TITLE,
            alignment: AlignmentType.LEFT,
            spacing: { after: 400 },
            keepNext: true,
          }),
          ...items.flatMap((item, index) => itemParagraphs(item, index, variant)),
          ...appendixParagraphs(unanswered),
        ],
      },
    ],
  });
}

export function buildWordBlob(input: ExportDocument, options?: ExportOptions): Promise<Blob> {
  return Packer.toBlob(buildWordDocument(input, options));
}
