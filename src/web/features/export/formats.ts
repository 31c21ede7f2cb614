import type { ExportItem } from './word-document.ts';

/** Formats beyond Word (DECISIONS §8). Pure: items in, file text out. */

function finalAnswer(item: ExportItem): string {
  return item.integratedAnswer ?? item.answer;
}

/** Excel: UTF-8 with a BOM, CRLF, and cells starting with = + - @ neutralised (formula injection). */
export function toCsv(items: ExportItem[]): string {
  const cell = (value: string) => {
    const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return `"${text.replaceAll('"', '""')}"`;
  };
  const rows = [
    ['No.', '質問', '回答', '出典'],
    ...items.map((item, index) => [
      String(index + 1),
      item.question,
      finalAnswer(item),
      item.sourceUrl ?? '',
    ]),
  ];
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function toMarkdown(title: string, items: ExportItem[]): string {
  const lines = [`# ${title}`, ''];
  items.forEach((item, index) => {
    lines.push(`## Q${index + 1}. ${item.question}`, '');
    for (const expert of item.expertAnswers ?? [])
      lines.push(`**[${expert.expert}]** ${expert.answer}`, '');
    lines.push(
      item.expertAnswers?.length ? `**統合回答:** ${finalAnswer(item)}` : finalAnswer(item),
      '',
    );
    if (item.sourceUrl) lines.push(`出典: <${item.sourceUrl}>`, '');
  });
  return lines.join('\n');
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A standalone page; everything from users or the model is escaped, never trusted as HTML. */
export function toHtml(title: string, items: ExportItem[]): string {
  const body = items
    .map((item, index) => {
      const experts = (item.expertAnswers ?? [])
        .map(
          (expert) =>
            `<p><strong>[${escapeHtml(expert.expert)}]</strong> ${escapeHtml(expert.answer)}</p>`,
        )
        .join('');
      const source =
        item.sourceUrl && /^https?:\/\//.test(item.sourceUrl)
          ? `<p class="source">出典: <a href="${escapeHtml(item.sourceUrl)}">${escapeHtml(item.sourceUrl)}</a></p>`
          : '';
      return `<section><h2>Q${index + 1}. ${escapeHtml(item.question)}</h2>${experts}<p>${escapeHtml(finalAnswer(item))}</p>${source}</section>`;
    })
    .join('\n');
  return `<!doctype html>\n<html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>\n${body}\n</body></html>\n`;
}

/** schema.org FAQPage for search engines. */
export function toJsonLd(items: ExportItem[]): string {
  return JSON.stringify(
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: finalAnswer(item) },
      })),
    },
    null,
    2,
  );
}
