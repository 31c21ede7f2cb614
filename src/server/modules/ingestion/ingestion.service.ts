import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import robotsModule from 'robots-parser';
import { PASTED_TEXT_MAX_CHARS } from '../../../shared/limits.ts';
import { HttpError } from '../../lib/http-error.ts';
import { decodeBody } from './charset.ts';
import {
  extractDocument,
  sniffDocumentKind,
  SUPPORTED_FORMATS_LABEL,
  type DocumentKind,
  type ExtractedDocument,
} from './document-extract.ts';
import { extractHtmlInChild } from './document-isolation.ts';
import type { ExtractedPage } from './html-extract.ts';
import type { PageRenderer } from './browser-render.ts';
import {
  FetchRefused,
  safeFetch,
  USER_AGENT,
  type FetchedResource,
  type SafeFetchOptions,
} from './safe-fetch.ts';
import { discoverSitemapUrls } from './sitemap.ts';

export interface IngestedPage {
  kind: DocumentKind;
  url: string;
  canonicalUrl: string;
  title: string;
  description: string;
  language: string;
  markdown: string;
  text: string;
}

export type CrawlOutcome =
  'ok' | 'blocked_by_robots' | 'not_html' | 'empty_shell' | 'duplicate' | 'error';

export interface CrawlReportEntry {
  url: string;
  outcome: CrawlOutcome;
  message?: string;
}

export interface IngestionResult {
  pages: IngestedPage[];
  report: CrawlReportEntry[];
}

export interface IngestUrlOptions {
  url: string;
  includeSubpages: boolean;
  maxPages: number;
  allowPrivate: boolean;
  fetchOptions?: Omit<SafeFetchOptions, 'allowPrivate'>;
  onProgress?: (done: number, total: number) => void;
  /** Renders JavaScript-only pages; without it (or without Chromium) they are reported as such. */
  renderer?: PageRenderer;
}

// The package is CommonJS typed as an ES default export; Node hands us module.exports itself.
const robotsParser = robotsModule as unknown as typeof robotsModule.default;

const SHELL_MESSAGE =
  'JavaScriptで表示されるページのため、本文を取得できませんでした。テキストを貼り付けてお試しください';
const NOT_HTML_MESSAGE = `この形式は読み込めません（対応形式：${SUPPORTED_FORMATS_LABEL}）`;

// Pages users most often turn into FAQs come first.
const VALUE_PATTERNS: [RegExp, number][] = [
  [/faq|qa|question|よくある/i, 9],
  [/price|pricing|fee|plan|ryokin|料金|価格/i, 8],
  [/service|product|menu|サービス|商品/i, 7],
  [/about|company|corporate|profile|会社|概要/i, 6],
  [/access|map|location|アクセス|所在地/i, 6],
  [/support|help|contact|guide|flow|サポート|お問い合わせ|ご利用/i, 5],
  [/shipping|delivery|return|refund|payment|配送|返品|支払/i, 5],
];
const SKIP_PATTERN =
  /\/(login|signin|signup|cart|checkout|wp-admin|feed|tag|category|author|search)(\/|$)|\.(jpg|jpeg|png|gif|webp|svg|zip|mp4|mp3|pdf|docx?|xlsx?)$/i;

export function rankSubpage(url: string): number {
  const path = decodeURIComponent(new URL(url).pathname);
  let score = 0;
  for (const [pattern, weight] of VALUE_PATTERNS) if (pattern.test(path)) score += weight;
  // Shallow pages describe the business; deep ones are often articles.
  score -= path.split('/').filter(Boolean).length;
  return score;
}

/** HTML by its content type; a server that sends none gets its bytes looked at. */
async function isHtml(resource: FetchedResource): Promise<boolean> {
  if (/text\/html|application\/xhtml\+xml/i.test(resource.contentType)) return true;
  if (resource.contentType.trim() !== '') return false;
  const kind = await sniffDocumentKind(resource.body, { url: resource.url });
  return kind === 'html' || kind === 'text';
}

/** Office documents and PDFs run larger than pages; a price list PDF of a few MB is common. */
const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
const BINARY_DOCUMENT = /\.(pdf|docx|xlsx|xls)$/i;

async function renderWithBrowser(
  url: string,
  options: IngestUrlOptions,
): Promise<ExtractedPage | null> {
  if (!options.renderer?.available) return null;
  const html = await options.renderer.renderHtml(url, {
    fetchOptions: { ...options.fetchOptions, allowPrivate: options.allowPrivate },
  });
  return html ? extractHtmlInChild(html, url) : null;
}

function toPage(url: string, document: ExtractedDocument | ExtractedPage): IngestedPage {
  return {
    kind: 'kind' in document ? document.kind : 'html',
    url,
    canonicalUrl: document.canonicalUrl ?? url,
    title: document.title,
    description: document.description,
    language: document.language,
    markdown: document.markdown,
    text: document.text,
  };
}

async function fetchPage(
  url: string,
  options: IngestUrlOptions,
): Promise<{ page?: IngestedPage; links: string[]; entry: CrawlReportEntry }> {
  try {
    const resource = await safeFetch(url, {
      ...(BINARY_DOCUMENT.test(new URL(url).pathname) ? { maxBytes: DOCUMENT_MAX_BYTES } : {}),
      ...options.fetchOptions,
      allowPrivate: options.allowPrivate,
    });
    if (resource.status >= 400) {
      return {
        links: [],
        entry: {
          url,
          outcome: 'error',
          message: `ページを取得できませんでした（HTTP ${resource.status}）`,
        },
      };
    }
    let extracted: ExtractedDocument | ExtractedPage;
    if (await isHtml(resource)) {
      const { text } = decodeBody(resource.body, resource.contentType);
      extracted = await extractHtmlInChild(text, resource.url);
      if (extracted.looksLikeJavaScriptShell || extracted.text.length === 0) {
        const rendered = await renderWithBrowser(resource.url, options);
        if (rendered && !rendered.looksLikeJavaScriptShell && rendered.text.length > 0)
          extracted = rendered;
        else
          return {
            links: extracted.links,
            entry: { url, outcome: 'empty_shell', message: SHELL_MESSAGE },
          };
      }
    } else {
      try {
        extracted = await extractDocument(resource.body, {
          contentType: resource.contentType,
          url: resource.url,
        });
      } catch (error) {
        if (error instanceof HttpError && error.status === 415)
          return { links: [], entry: { url, outcome: 'not_html', message: NOT_HTML_MESSAGE } };
        throw error;
      }
      if (extracted.text.length === 0)
        return {
          links: [],
          entry: { url, outcome: 'error', message: '読み込める文字がありませんでした' },
        };
    }
    return {
      page: toPage(resource.url, extracted),
      links: extracted.links,
      entry: { url, outcome: 'ok' },
    };
  } catch (error) {
    const message = error instanceof HttpError ? error.message : 'ページの取得に失敗しました';
    return { links: [], entry: { url, outcome: 'error', message } };
  }
}

async function loadRobots(origin: string, options: IngestUrlOptions) {
  const robotsUrl = `${origin}/robots.txt`;
  try {
    const resource = await safeFetch(robotsUrl, {
      ...options.fetchOptions,
      allowPrivate: options.allowPrivate,
      maxBytes: 500_000,
      accept: 'text/plain',
    });
    return robotsParser(
      robotsUrl,
      resource.status < 400 ? decodeBody(resource.body, resource.contentType).text : '',
    );
  } catch {
    return robotsParser(robotsUrl, '');
  }
}

/** Lines that repeat on most pages are site chrome (headers, footers), not content. */
function stripRepeatedLines(pages: IngestedPage[]): IngestedPage[] {
  if (pages.length < 3) return pages;
  const counts = new Map<string, number>();
  for (const page of pages) {
    for (const line of new Set(
      page.markdown
        .split('\n')
        .map((value) => value.trim())
        .filter(Boolean),
    )) {
      counts.set(line, (counts.get(line) ?? 0) + 1);
    }
  }
  const threshold = Math.ceil(pages.length * 0.6);
  const keep = (line: string) => line.trim() === '' || (counts.get(line.trim()) ?? 0) < threshold;
  return pages.map((page) => ({
    ...page,
    markdown: page.markdown
      .split('\n')
      .filter(keep)
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    text: page.text.split('\n').filter(keep).join('\n').trim(),
  }));
}

export async function ingestUrl(options: IngestUrlOptions): Promise<IngestionResult> {
  const first = await fetchPage(options.url, options);
  const report: CrawlReportEntry[] = [first.entry];
  if (!first.page) {
    throw new HttpError(422, first.entry.message ?? 'ページの取得に失敗しました', {
      details: [{ path: 'url', message: first.entry.outcome }],
    });
  }
  const pages: IngestedPage[] = [first.page];
  if (options.includeSubpages && options.maxPages > 1) {
    const origin = new URL(first.page.url).origin;
    const robots = await loadRobots(origin, options);
    const seen = new Set(
      [options.url, first.page.url, first.page.canonicalUrl].map((value) =>
        value.replace(/\/$/, ''),
      ),
    );
    const fromSitemaps = await discoverSitemapUrls(origin, robots.getSitemaps(), {
      ...options.fetchOptions,
      allowPrivate: options.allowPrivate,
    });
    const candidates = [...new Set([...first.links, ...fromSitemaps])]
      .filter(
        (link) => new URL(link).origin === origin && !SKIP_PATTERN.test(new URL(link).pathname),
      )
      .filter((link) => !seen.has(link.replace(/\/$/, '')))
      .sort((a, b) => rankSubpage(b) - rankSubpage(a));
    const allowed: string[] = [];
    for (const link of candidates) {
      if (allowed.length >= options.maxPages - 1) break;
      if (robots.isAllowed(link, USER_AGENT) === false)
        report.push({
          url: link,
          outcome: 'blocked_by_robots',
          message: 'robots.txtで取得が禁止されています',
        });
      else allowed.push(link);
    }
    const limit = pLimit(3);
    let done = 1;
    const total = allowed.length + 1;
    options.onProgress?.(done, total);
    const results = await Promise.all(
      allowed.map((link) =>
        limit(async () => {
          const result = await fetchPage(link, options);
          options.onProgress?.(++done, total);
          return result;
        }),
      ),
    );
    const contentHashes = new Set([createHash('sha1').update(first.page.text).digest('hex')]);
    const canonicals = new Set([first.page.canonicalUrl]);
    for (const result of results) {
      if (result.page) {
        const hash = createHash('sha1').update(result.page.text).digest('hex');
        if (canonicals.has(result.page.canonicalUrl) || contentHashes.has(hash)) {
          report.push({
            url: result.entry.url,
            outcome: 'duplicate',
            message: '同じ内容のページのため除外しました',
          });
          continue;
        }
        canonicals.add(result.page.canonicalUrl);
        contentHashes.add(hash);
        pages.push(result.page);
      }
      report.push(result.entry);
    }
  }
  return { pages: stripRepeatedLines(pages), report };
}

export function ingestText(text: string): IngestedPage {
  const trimmed = text.trim();
  if (trimmed.length > PASTED_TEXT_MAX_CHARS) {
    throw new HttpError(
      400,
      `テキストは${PASTED_TEXT_MAX_CHARS.toLocaleString('ja-JP')}文字以内で入力してください`,
    );
  }
  return {
    kind: 'text',
    url: '',
    canonicalUrl: '',
    title: '',
    description: '',
    language: 'ja',
    markdown: trimmed,
    text: trimmed,
  };
}

export { FetchRefused };
