import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { escapeHtml } from '../../../shared/escape-html.ts';
import {
  faqPageJsonLd,
  htmlLines,
  jsonForScript,
  publishedDescription,
  publishedTitle,
  type PublishedItem,
} from '../../../shared/published-faq.ts';

/**
 * The published page's HTML, rendered by the server from the record as it is now (no app
 * JavaScript: details/summary is the accordion, one inlined script adds the search).
 */

const readClient = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8').trim();

/** Inlined in every page: its comments are for this repository, not for each visitor. */
const PAGE_SCRIPT = readClient('./page.client.js').replace(/^\s*\/\/.*\n/gm, '');
export const EMBED_SCRIPT = readClient('./embed.client.js');

const PAGE_STYLE = [
  // The reader's own Japanese gothic (lang="ja" picks it on every system) instead of a list
  // of names, each one the browser could not find a font lookup on its first layout.
  ':root{color-scheme:light;font-family:sans-serif;line-height:1.7;color:#18181b;background:#fff}',
  'body{margin:0}',
  'main{max-width:44rem;margin:0 auto;padding:1.5rem 1rem 3rem}',
  'h1{font-size:1.5rem;line-height:1.4;margin:0 0 1rem}',
  'label{display:block;font-size:.95rem;margin-bottom:.25rem}',
  'input{font:inherit;width:100%;box-sizing:border-box;padding:.6rem .75rem;border:1px solid #71717a;border-radius:.5rem}',
  '.s{min-height:1.5rem;margin:.25rem 0 .5rem;font-size:.9rem;color:#3f3f46}',
  'details{border-bottom:1px solid #d4d4d8}',
  'summary{cursor:pointer;font-weight:700;padding:.9rem 0;min-height:1.5rem}',
  'summary:focus-visible,input:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}',
  '.a{margin:0 0 1rem;color:#27272a}',
].join('');

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const SCRIPT_HASH = sha256(PAGE_SCRIPT);
const STYLE_HASH = sha256(PAGE_STYLE);

/**
 * No inline code runs but the two hashed above; the JSON-LD is data and needs no hash. The
 * iframe version may be framed by any site (that is its purpose); the page itself by none.
 */
export function publicPageCsp(framable: boolean): string {
  return [
    "default-src 'none'",
    `script-src ${SCRIPT_HASH}`,
    `style-src ${STYLE_HASH}`,
    "img-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${framable ? '*' : "'none'"}`,
  ].join('; ');
}

/** The small pages a gone or missing address answers with. */
export const GONE_PAGE = plainPage(
  'このページは公開を終了しました',
  'このよくある質問のページは公開を終了しました。',
);
export const MISSING_PAGE = plainPage(
  'ページが見つかりません',
  'このアドレスのページはありません。',
);

function plainPage(title: string, text: string): string {
  return [
    '<!doctype html><html lang="ja"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`,
  ].join('');
}

export interface PublicPageInput {
  slug: string;
  businessName: string;
  items: PublishedItem[];
  /** The page's own address (canonical, og:url, JSON-LD url). */
  url: string;
  noindex: boolean;
  /** The iframe version: never indexed (the page itself is), framable. */
  embed?: boolean;
}

export function renderPublicPage(input: PublicPageInput): string {
  const title = publishedTitle(input.businessName);
  const description = publishedDescription(input.businessName, input.items);
  const noindex = input.noindex || input.embed;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${escapeHtml(input.url)}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:locale" content="ja_JP">',
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(input.url)}">`,
    '<meta name="twitter:card" content="summary">',
    `<style>${PAGE_STYLE}</style>`,
    `<script type="application/ld+json">${jsonForScript(faqPageJsonLd(title, input.items, input.url))}</script>`,
  ];
  const entries = input.items.map(
    (item) =>
      `<details><summary>${escapeHtml(item.question)}</summary><p class="a">${htmlLines(item.answer)}</p></details>`,
  );
  return [
    '<!doctype html>',
    '<html lang="ja">',
    `<head>${head.filter(Boolean).join('')}</head>`,
    `<body><main id="faq" data-slug="${escapeHtml(input.slug)}">`,
    `<h1>${escapeHtml(title)}</h1>`,
    // Shown by the script: without it the search would do nothing. Not a form: there is
    // nothing to send (Enter in a lone search box submits nothing).
    '<div id="search" role="search" hidden><label for="q">質問を検索</label><input id="q" type="search" autocomplete="off"></div>',
    '<p id="status" class="s" role="status"></p>',
    // Before the questions: it shows the search box before the first layout, not after it.
    `<script>${PAGE_SCRIPT}</script>`,
    `<div>${entries.join('')}</div>`,
    '</main></body></html>',
  ].join('');
}
