import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import { assertHtmlDepth } from './html-depth.ts';

export interface ExtractedPage {
  title: string;
  description: string;
  language: string;
  canonicalUrl: string | null;
  markdown: string;
  text: string;
  links: string[];
  /** Very little text but scripts: a page rendered by JavaScript. */
  looksLikeJavaScriptShell: boolean;
}

const REMOVE_SELECTORS = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'svg',
  'canvas',
  'form',
  'button',
  'select',
  'input',
  'nav',
  'footer',
  'aside',
  'header',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="dialog"]',
  '[aria-hidden="true"]',
  '[hidden]',
];

// Class or id words that mark boilerplate: menus, cookie banners, share buttons, ads.
const BOILERPLATE =
  /(^|[\s_-])(nav|navbar|menu|breadcrumbs?|cookie|consent|gdpr|banner|footer|header|sidebar|side-bar|share|social|sns|ads?|advert|promo|popup|modal|related|recommend|pagination|pager|skip|widget)([\s_-]|$)/i;

// Class names on these say nothing about boilerplate (`<html class="has-menu">`, `<body class="nav-open">`).
const STRUCTURAL_TAGS = new Set(['HTML', 'HEAD', 'BODY', 'MAIN', 'ARTICLE']);

function cellText(cell: Element): string {
  return (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
  });
  // Tables are kept as Markdown tables so prices and hours survive. A table whose rows each
  // name a field in their first cell (会社概要: <th>所在地</th><td>…</td>) is a list of fields,
  // and is written as 「項目：値」 lines, as a definition list is.
  service.addRule('table', {
    filter: 'table',
    replacement: (_content, node) => {
      const cellsByRow = Array.from((node as unknown as Element).querySelectorAll('tr')).map(
        (row) => Array.from(row.querySelectorAll('th,td')),
      );
      const fieldRows = cellsByRow.every(
        (row) => row.length === 2 && row[0]!.tagName === 'TH' && row[1]!.tagName === 'TD',
      );
      if (cellsByRow.length > 0 && fieldRows)
        return `\n\n${cellsByRow.map((row) => row.map(cellText).join('：')).join('\n')}\n\n`;
      const rows = cellsByRow.map((row) =>
        row.map((cell) => cellText(cell).replaceAll('|', '\\|')),
      );
      if (rows.length === 0) return '';
      const width = Math.max(...rows.map((row) => row.length));
      const line = (cells: string[]) =>
        `| ${Array.from({ length: width }, (_, index) => cells[index] ?? '').join(' | ')} |`;
      return `\n\n${line(rows[0]!)}\n| ${Array.from({ length: width }, () => '---').join(' | ')} |\n${rows.slice(1).map(line).join('\n')}\n\n`;
    },
  });
  service.addRule('definitionList', {
    filter: 'dl',
    replacement: (_content, node) => {
      const lines: string[] = [];
      let term = '';
      // <div> may group a term with its descriptions.
      const entries = Array.from((node as unknown as Element).children).flatMap((child) =>
        child.tagName === 'DIV' ? Array.from(child.children) : [child],
      );
      for (const child of entries) {
        if (child.tagName === 'DT') term = cellText(child);
        else if (child.tagName === 'DD')
          // A term that asks (よくある質問 as <dt>…？</dt><dd>…</dd>) is a question and answer.
          lines.push(
            /[？?]$/.test(term)
              ? `Q. ${term}\nA. ${cellText(child)}`
              : term
                ? `${term}：${cellText(child)}`
                : cellText(child),
          );
      }
      return `\n\n${lines.join('\n')}\n\n`;
    },
  });
  service.remove(['script', 'style', 'noscript']);
  return service;
}

const turndown = createTurndown();

function textLength(element: Element): number {
  return (element.textContent ?? '').replace(/\s+/g, '').length;
}

function linkTextLength(element: Element): number {
  return Array.from(element.querySelectorAll('a')).reduce((sum, link) => sum + textLength(link), 0);
}

/** The element holding the main text: <main>/<article> if present, else the densest block. */
function pickMain(document: Document): Element {
  const explicit = document.querySelector('main, [role="main"], article');
  if (explicit && textLength(explicit) > 80) return explicit;
  const body = document.body ?? document.documentElement;
  let best: Element = body;
  let bestScore = 0;
  for (const candidate of Array.from(body.querySelectorAll('div, section'))) {
    const length = textLength(candidate);
    if (length < 100) continue;
    const linkDensity = linkTextLength(candidate) / Math.max(1, length);
    const paragraphs = candidate.querySelectorAll('p, li, h1, h2, h3, td').length;
    const score = length * (1 - linkDensity) + paragraphs * 20;
    // Prefer the smallest block that still carries most of the page's text.
    if (score > bestScore * 1.05 || (score > bestScore * 0.9 && length < textLength(best))) {
      best = candidate;
      bestScore = score;
    }
  }
  const bodyScore = textLength(body) * (1 - linkTextLength(body) / Math.max(1, textLength(body)));
  return bestScore >= bodyScore * 0.6 ? best : body;
}

/** Never content, whichever extractor runs: code, hidden parts, dialogs, menus, figure captions. */
const PRE_CLEAN_SELECTORS = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'figure',
  'figcaption',
  'nav',
  '[role="navigation"]',
  '[role="dialog"]',
  '[aria-hidden="true"]',
  '[hidden]',
].join(',');
// Below this share of the page's non-link text, Readability has probably kept one section of a
// page made of many; the benchmark (npm run bench) loses F1 when the bar is higher.
const READABILITY_MIN_SHARE = 0.2;
const CONSENT_BANNER = /(^|[\s_-])(cookies?|consent|gdpr)([\s_-]|$)/i;

function parseDocument(html: string): Document {
  // linkedom needs a body to hang fragments on; browsers add one implicitly.
  return parseHTML(
    /<body[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`,
  ).document as unknown as Document;
}

function absolutiseLinks(root: Element, pageUrl: string): void {
  for (const anchor of Array.from(root.querySelectorAll('a[href]'))) {
    try {
      anchor.setAttribute('href', new URL(anchor.getAttribute('href')!, pageUrl).toString());
    } catch {
      anchor.removeAttribute('href');
    }
  }
  for (const image of Array.from(root.querySelectorAll('img'))) image.remove();
}

function toMarkdownAndText(root: Element): { markdown: string; text: string } {
  const markdown = turndown
    .turndown(root.innerHTML ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const text = (root.textContent ?? '')
    .replace(/[ \t\u3000]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
  return { markdown, text };
}

/**
 * Our own block-density heuristic: used when Readability finds no article or keeps only a
 * fraction of the page, which happens on business pages made of many short sections
 * (services, prices, access) rather than one long text.
 */
function extractByDensity(html: string, pageUrl: string): { markdown: string; text: string } {
  const document = parseDocument(html);
  for (const element of Array.from(document.querySelectorAll(REMOVE_SELECTORS.join(','))))
    element.remove();
  for (const element of Array.from(document.querySelectorAll('[class], [id]'))) {
    const marker = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
    if (BOILERPLATE.test(marker) && !STRUCTURAL_TAGS.has(element.tagName)) element.remove();
  }
  const main = pickMain(document);
  absolutiseLinks(main, pageUrl);
  return toMarkdownAndText(main);
}

/**
 * Title, links and main text of a page. Costly on pathological markup: the server calls it in
 * a parsing child (extractHtmlInChild), and a page nested too deeply is refused up front.
 */
export function extractHtml(html: string, pageUrl: string): ExtractedPage {
  assertHtmlDepth(html);
  const document = parseDocument(html);
  const meta = (name: string) =>
    document
      .querySelector(`meta[name="${name}"], meta[property="${name}"]`)
      ?.getAttribute('content')
      ?.trim() ?? '';
  const title = (document.querySelector('title')?.textContent ?? meta('og:title')).trim();
  const canonicalHref = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
  let canonicalUrl: string | null = null;
  try {
    canonicalUrl = canonicalHref ? new URL(canonicalHref, pageUrl).toString() : null;
  } catch {
    canonicalUrl = null;
  }
  const links: string[] = [];
  for (const anchor of Array.from(document.querySelectorAll('a[href]'))) {
    try {
      const url = new URL(anchor.getAttribute('href')!, pageUrl);
      url.hash = '';
      if (url.protocol === 'http:' || url.protocol === 'https:') links.push(url.toString());
    } catch {
      // ignore malformed links
    }
  }
  const language = document.documentElement?.getAttribute('lang') ?? '';
  const description = meta('description') || meta('og:description');
  const scriptCount = document.querySelectorAll('script').length;
  const body = document.body ?? document.documentElement;
  const rawTextLength = body ? textLength(body) : 0;

  for (const element of Array.from(document.querySelectorAll(PRE_CLEAN_SELECTORS)))
    element.remove();
  for (const element of Array.from(document.querySelectorAll('[class], [id]'))) {
    const marker = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
    if (CONSENT_BANNER.test(marker) && !STRUCTURAL_TAGS.has(element.tagName)) element.remove();
  }
  const cleanBody = document.body ?? document.documentElement;
  const contentLength = cleanBody
    ? Math.max(0, textLength(cleanBody) - linkTextLength(cleanBody))
    : 0;

  let content: { markdown: string; text: string } | null = null;
  if (cleanBody) {
    // Readability measures in characters; Japanese says as much in a third of the length.
    const article = new Readability(document, { charThreshold: 150, keepClasses: false }).parse();
    if (article?.content) {
      const { document: articleDocument } = parseHTML(
        `<!doctype html><html><body>${article.content}</body></html>`,
      );
      const root = articleDocument.body as unknown as Element;
      absolutiseLinks(root, pageUrl);
      const candidate = toMarkdownAndText(root);
      if (candidate.text.replace(/\s+/g, '').length >= contentLength * READABILITY_MIN_SHARE)
        content = candidate;
    }
  }
  content ??= extractByDensity(html, pageUrl);
  return {
    title,
    description,
    language,
    canonicalUrl,
    markdown: content.markdown,
    text: content.text,
    links,
    looksLikeJavaScriptShell: rawTextLength < 50 && scriptCount > 0,
  };
}

/** Markdown for HTML we made ourselves from a document (Word), where nothing is boilerplate. */
export function htmlFragmentToMarkdown(html: string): string {
  assertHtmlDepth(html);
  return turndown
    .turndown(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
