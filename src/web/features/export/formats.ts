import type { ExportDocument } from '../../../shared/generations.ts';
import { quotedCsvCell } from '../../../shared/csv.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import {
  documentForVariant,
  finalAnswer,
  notesFor,
  type ExportOptions,
} from '../../../shared/exports.ts';
import { faqPageJsonLd, jsonForScript } from '../../../shared/published-faq.ts';

/**
 * Formats beyond Word (docs/product-decisions.md §8). Pure: a title, items and the variant
 * (公開用 unless 確認用 is asked for, shared/exports.ts) in, file text out.
 */

export { finalAnswer };

const isWebUrl = (value: string | undefined): value is string =>
  !!value && /^https?:\/\/[^\s]+$/i.test(value);

/** docs/product-decisions.md §7: formula-like cells are shown as text (rule in shared/csv.ts). */
export function csvCell(value: string): string {
  return quotedCsvCell(value);
}

/** Opens in Excel as Japanese: UTF-8 with a BOM, CRLF line ends, every cell quoted. */
export function toCsv(document: ExportDocument, options?: ExportOptions): string {
  const { items, variant } = documentForVariant(document, options);
  const review = variant === 'review';
  // The public copy gains a 要確認 column only while an answer is still flagged (ADR 036).
  const flagged = !review && items.some((item) => notesFor(item, variant).length > 0);
  const rows = [
    [
      'No.',
      '質問',
      '回答',
      '専門家の意見',
      ...(review ? ['出典', '根拠', '要確認'] : flagged ? ['要確認'] : []),
    ],
    ...items.map((item, index) => [
      String(index + 1),
      item.question,
      finalAnswer(item),
      (item.expertAnswers ?? []).map((expert) => `【${expert.expert}】${expert.answer}`).join('\n'),
      ...(review ? [item.sourceUrl ?? '', item.evidence ?? ''] : []),
      ...(review || flagged ? [notesFor(item, variant).join('\n')] : []),
    ]),
  ];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/**
 * Markdown syntax in model or user text is backslash-escaped, so a pasted answer can neither
 * restructure the page nor smuggle in HTML where the Markdown is rendered. Only characters that
 * act inline, and list/heading/quote markers at a line start, are escaped, to keep the file
 * readable as plain text.
 */
export function escapeMarkdown(value: string): string {
  return value
    .split('\n')
    .map((line) =>
      line
        .replace(/[\\`*_[\]<>|~&]/g, (character) => `\\${character}`)
        .replace(/^(\s*)([#+\-=]|\d+(?=[.)]))/, (_match, space: string, marker: string) =>
          /^\d/.test(marker) ? `${space}${marker}\\` : `${space}\\${marker}`,
        ),
    )
    .join('\n');
}

/** Line breaks inside one answer stay line breaks (two trailing spaces), not new paragraphs. */
const markdownLines = (value: string) =>
  escapeMarkdown(value.replace(/\r\n?/g, '\n').trim()).split('\n').join('  \n');

export function toMarkdown(document: ExportDocument, options?: ExportOptions): string {
  const { title, items, variant } = documentForVariant(document, options);
  const lines = [`# ${escapeMarkdown(title.replace(/\s+/g, ' '))}`, ''];
  items.forEach((item, index) => {
    lines.push(`## Q${index + 1}. ${escapeMarkdown(item.question.replace(/\s+/g, ' '))}`, '');
    const experts = item.expertAnswers ?? [];
    if (experts.length > 0) {
      lines.push('**専門家の意見:**', '');
      for (const expert of experts)
        lines.push(`- **【${escapeMarkdown(expert.expert)}】** ${markdownLines(expert.answer)}`);
      lines.push('', `**統合回答:** ${markdownLines(finalAnswer(item))}`, '');
    } else {
      lines.push(markdownLines(item.answer), '');
    }
    if (item.sourceUrl)
      lines.push(
        isWebUrl(item.sourceUrl)
          ? `出典: <${item.sourceUrl}>`
          : `出典: ${escapeMarkdown(item.sourceUrl)}`,
        '',
      );
    if (item.evidence) lines.push(`> 根拠: ${markdownLines(item.evidence)}`, '');
    for (const note of notesFor(item, variant)) lines.push(`**${escapeMarkdown(note)}**`, '');
  });
  return lines.join('\n');
}

const htmlText = (value: string) =>
  escapeHtml(value.replace(/\r\n?/g, '\n')).replaceAll('\n', '<br>');

const HTML_STYLE = `body{font-family:"Hiragino Sans","Yu Gothic","Noto Sans JP",sans-serif;line-height:1.8;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1e293b}h2{font-size:1.1rem;margin-top:2rem}.expert{margin-left:1rem}.source{font-size:.85rem;color:#555}.evidence{font-size:.85rem;color:#555;border-left:3px solid #cbd5e1;margin:.5rem 0;padding-left:.75rem}.review{font-size:.85rem;color:#b45309;font-weight:bold}`;

/**
 * A standalone page. Everything from users or the model is escaped, never trusted as HTML, and
 * only http(s) sources become links (no javascript: URLs).
 */
export function toHtml(document: ExportDocument, options?: ExportOptions): string {
  const { title, items, variant } = documentForVariant(document, options);
  const sections = items.map((item, index) => {
    const parts = [`<h2>Q${index + 1}. ${htmlText(item.question)}</h2>`];
    const experts = item.expertAnswers ?? [];
    if (experts.length > 0) {
      parts.push('<h3>専門家の意見:</h3>');
      for (const expert of experts)
        parts.push(
          `<p class="expert"><strong>【${htmlText(expert.expert)}】</strong><br>${htmlText(expert.answer)}</p>`,
        );
      parts.push(`<h3>統合回答:</h3><p>${htmlText(finalAnswer(item))}</p>`);
    } else {
      parts.push(`<p>${htmlText(item.answer)}</p>`);
    }
    if (item.sourceUrl)
      parts.push(
        `<p class="source">出典: ${
          isWebUrl(item.sourceUrl)
            ? `<a href="${escapeHtml(item.sourceUrl)}" rel="noopener noreferrer">${escapeHtml(item.sourceUrl)}</a>`
            : escapeHtml(item.sourceUrl)
        }</p>`,
      );
    if (item.evidence)
      parts.push(`<blockquote class="evidence">根拠: ${htmlText(item.evidence)}</blockquote>`);
    for (const note of notesFor(item, variant))
      parts.push(`<p class="review">${htmlText(note)}</p>`);
    return `<section>${parts.join('')}</section>`;
  });
  return [
    '<!doctype html>',
    '<html lang="ja">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${HTML_STYLE}</style></head>`,
    `<body><h1>${escapeHtml(title)}</h1>`,
    ...sections,
    '</body></html>',
    '',
  ].join('\n');
}

/**
 * schema.org FAQPage for search engines. '<' is written as \u003c so the output can be pasted
 * into a <script type="application/ld+json"> without a '</script>' in an answer ending it.
 */
export function toJsonLd(document: ExportDocument, options?: ExportOptions): string {
  const { title, items } = documentForVariant(document, options);
  const data = faqPageJsonLd(
    title,
    items.map((item) => ({
      question: item.question,
      answer: finalAnswer(item),
      // The page and passage the answer rests on (the review copy only keeps them).
      ...(item.sourceUrl && isWebUrl(item.sourceUrl) ? { url: item.sourceUrl } : {}),
      ...(item.evidence ? { citation: item.evidence } : {}),
    })),
  );
  return `${jsonForScript(data, 2)}\n`;
}

export interface ExportFormat {
  id: 'csv' | 'markdown' | 'html' | 'json-ld';
  label: string;
  extension: string;
  mimeType: string;
  render: (document: ExportDocument, options?: ExportOptions) => string;
}

export const EXPORT_FORMATS: readonly ExportFormat[] = [
  {
    id: 'csv',
    label: 'CSV（Excel用）',
    extension: 'csv',
    mimeType: 'text/csv;charset=utf-8',
    render: toCsv,
  },
  {
    id: 'markdown',
    label: 'Markdown',
    extension: 'md',
    mimeType: 'text/markdown;charset=utf-8',
    render: toMarkdown,
  },
  {
    id: 'html',
    label: 'HTML',
    extension: 'html',
    mimeType: 'text/html;charset=utf-8',
    render: toHtml,
  },
  {
    id: 'json-ld',
    label: 'JSON-LD（構造化データ）',
    extension: 'json',
    mimeType: 'application/ld+json',
    render: toJsonLd,
  },
];
