import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

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

function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
  });
  // Tables are kept as Markdown tables so prices and hours survive.
  service.addRule('table', {
    filter: 'table',
    replacement: (_content, node) => {
      const rows = Array.from((node as unknown as Element).querySelectorAll('tr')).map((row) =>
        Array.from(row.querySelectorAll('th,td')).map((cell) =>
          (cell.textContent ?? '').replace(/\s+/g, ' ').trim().replaceAll('|', '\\|'),
        ),
      );
      if (rows.length === 0) return '';
      const width = Math.max(...rows.map((row) => row.length));
      const line = (cells: string[]) =>
        `| ${Array.from({ length: width }, (_, index) => cells[index] ?? '').join(' | ')} |`;
      return `\n\n${line(rows[0]!)}\n| ${Array.from({ length: width }, () => '---').join(' | ')} |\n${rows.slice(1).map(line).join('\n')}\n\n`;
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

export function extractHtml(html: string, pageUrl: string): ExtractedPage {
  // linkedom needs a body to hang fragments on; browsers add one implicitly.
  const { document } = parseHTML(
    /<body[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`,
  );
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
  const scriptCount = document.querySelectorAll('script').length;
  const rawTextLength = textLength(document.body ?? document.documentElement);

  for (const element of Array.from(document.querySelectorAll(REMOVE_SELECTORS.join(','))))
    element.remove();
  for (const element of Array.from(document.querySelectorAll('[class], [id]'))) {
    const marker = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
    if (
      BOILERPLATE.test(marker) &&
      element.tagName !== 'BODY' &&
      element.tagName !== 'MAIN' &&
      element.tagName !== 'ARTICLE'
    ) {
      element.remove();
    }
  }
  const main = pickMain(document);
  // Links inside the main text keep their targets as absolute URLs.
  for (const anchor of Array.from(main.querySelectorAll('a[href]'))) {
    try {
      anchor.setAttribute('href', new URL(anchor.getAttribute('href')!, pageUrl).toString());
    } catch {
      anchor.removeAttribute('href');
    }
  }
  for (const image of Array.from(main.querySelectorAll('img'))) image.remove();
  const markdown = turndown
    .turndown(main.innerHTML ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const text = (main.textContent ?? '')
    .replace(/[ \t\u3000]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
  return {
    title,
    description: meta('description') || meta('og:description'),
    language: document.documentElement.getAttribute('lang') ?? '',
    canonicalUrl,
    markdown,
    text,
    links,
    looksLikeJavaScriptShell: rawTextLength < 50 && scriptCount > 0,
  };
}
