import { z } from 'zod';
import { escapeHtml } from './escape-html.ts';
import { documentForVariant, finalAnswer } from './exports.ts';
import { exportableItems, type FaqItem } from './generations.ts';

/**
 * A published FAQ (docs/adr/039-published-faq-pages.md): the page /f/{slug}, its embed and the
 * copy-paste block all show the same 公開用 content, built here once for the server and the
 * browser.
 */

export const BUSINESS_NAME_MAX_CHARS = 80;
export const PUBLISHED_SLUG = /^[A-Za-z0-9_-]{16}$/;

export const publishRequestSchema = z.object({
  businessName: z
    .string({ error: '事業者名（ページの見出し）を入力してください' })
    .trim()
    .min(1, '事業者名（ページの見出し）を入力してください')
    .max(
      BUSINESS_NAME_MAX_CHARS,
      `事業者名（ページの見出し）は${BUSINESS_NAME_MAX_CHARS}文字以内で入力してください`,
    ),
  noindex: z
    .boolean({ error: '「検索エンジンに載せない」の指定が正しくありません' })
    .default(false),
});
export type PublishRequest = z.input<typeof publishRequestSchema>;

export const publicationSchema = z.object({
  slug: z.string(),
  url: z.string(),
  businessName: z.string(),
  noindex: z.boolean(),
  /** false once 非公開にする was chosen: the address answers 410. */
  published: z.boolean(),
  /** Questions on the page; answers still marked 要確認 are left out until checked. */
  itemCount: z.number().int(),
  leftOut: z.number().int(),
  views: z.number().int(),
  /** Times customers opened each question now on the page, most opened first. */
  opens: z.array(z.object({ question: z.string(), opens: z.number().int() })),
  updatedAt: z.string(),
});
export type Publication = z.infer<typeof publicationSchema>;

export const publicationResponseSchema = z.object({ publication: publicationSchema.nullable() });

/** What the embed script reads (GET /f/{slug}/faq.json). */
export const embedDataSchema = z.object({
  title: z.string(),
  url: z.string(),
  noindex: z.boolean(),
  items: z.array(z.object({ question: z.string(), answer: z.string() })),
  jsonLd: z.record(z.string(), z.unknown()),
});
export type EmbedData = z.infer<typeof embedDataSchema>;

export interface PublishedItem {
  question: string;
  answer: string;
}

/**
 * The items a published page shows: the approved answers of the 公開用 copy (no 出典, 根拠 or
 * internal notes), without those still marked 要確認 (a figure the page does not back is not
 * put before customers until the owner checked it, ADR 036).
 */
export function publishedItems(items: FaqItem[]): { items: PublishedItem[]; leftOut: number } {
  const publicCopy = documentForVariant({ title: '', items: exportableItems(items) }).items;
  const shown = publicCopy.filter((item) => !item.unverified?.phrases.length);
  return {
    items: shown.map((item) => ({ question: item.question, answer: finalAnswer(item) })),
    leftOut: publicCopy.length - shown.length,
  };
}

export const publishedTitle = (businessName: string) => `${businessName}のよくある質問`;

/** The meta description: the first questions, as a search result shows about 120 characters. */
export function publishedDescription(businessName: string, items: PublishedItem[]): string {
  const text = `${businessName}へのよくある質問と回答：${items.map((item) => item.question).join(' ')}`;
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** schema.org FAQPage (Question / acceptedAnswer) for search engines. */
export function faqPageJsonLd(
  title: string,
  items: (PublishedItem & { url?: string; citation?: string })[],
  url?: string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    name: title,
    inLanguage: 'ja',
    ...(url ? { url } : {}),
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: {
        '@type': 'Answer',
        text: item.answer,
        ...(item.url ? { url: item.url } : {}),
        ...(item.citation ? { citation: item.citation } : {}),
      },
    })),
  };
}

/**
 * JSON safe inside <script type="application/ld+json">: '<' is written as \u003c, so a
 * '</script>' in an answer cannot end the element.
 */
export const jsonForScript = (value: unknown, space?: number) =>
  JSON.stringify(value, null, space).replaceAll('<', '\\u003c');

/** Text as HTML with its line breaks kept. */
export const htmlLines = (value: string) =>
  escapeHtml(value.replace(/\r\n?/g, '\n').trim()).replaceAll('\n', '<br>');

/**
 * The copy-paste block for site builders that take only HTML: the questions as details/summary
 * (an accordion with no script), minimal inline styles that follow the site's font, and the
 * JSON-LD. Everything from the owner or the model is escaped.
 */
export function faqBlockHtml(title: string, items: PublishedItem[]): string {
  const entries = items.map(
    (item) =>
      `  <details style="border-bottom:1px solid #d4d4d8;padding:.75em 0">\n` +
      `    <summary style="cursor:pointer;font-weight:bold">${escapeHtml(item.question)}</summary>\n` +
      `    <div style="margin-top:.5em;line-height:1.8">${htmlLines(item.answer)}</div>\n` +
      `  </details>`,
  );
  return [
    '<section style="font:inherit;color:inherit;max-width:48em">',
    `  <h2 style="font-size:1.25em">${escapeHtml(title)}</h2>`,
    ...entries,
    `  <script type="application/ld+json">${jsonForScript(faqPageJsonLd(title, items))}</script>`,
    '</section>',
    '',
  ].join('\n');
}
