import { HttpError } from '../../lib/http-error.ts';
import type { DocumentKind, DocumentSource, ExtractedDocument } from './document-extract.ts';
import type { ExtractedPage } from './html-extract.ts';
import { jobFailureError, ParserJobFailed, ParserPool } from './parser-pool.ts';
import { declaredUncompressedSize } from './zip-size.ts';

/** Everything a DOCX or XLSX may inflate to, all entries together. */
export const MAX_INFLATED_BYTES = 100 * 1024 * 1024;
/** V8 heap of one parsing child; a heap past it aborts the child, not the server. */
export const PARSER_HEAP_MB = 512;
/**
 * Resident memory of one parsing child past which it is killed. Above the heap because
 * ArrayBuffers (an inflated PDF stream, a ZIP entry) are counted here and not in the heap.
 */
export const PARSER_MAX_RSS_BYTES = 768 * 1024 * 1024;
export const PARSER_TIME_LIMIT_MS = 30_000;
/**
 * Characters of text (and of Markdown) a parsing child may hand back: the answer is copied
 * into the server's memory, and a FAQ is made from far less (pasted text stops at 100,000).
 */
export const MAX_EXTRACTED_CHARS = 5_000_000;
/** Parsers running at once per server process; more requests wait their turn. */
const PARSER_CHILDREN = 2;
/**
 * Below this, plain text, Markdown and CSV/TSV parse in the server's own thread: decoding,
 * papaparse and the few regular expressions they go through are linear in the length, so they
 * cannot take long, and a small file should not wait behind a heavy PDF for a child.
 */
const IN_PROCESS_MAX_BYTES = 256 * 1024;
const IN_PROCESS_KINDS = new Set<DocumentKind>(['text', 'markdown', 'csv', 'tsv']);

export const INFLATED_TOO_LARGE_MESSAGE = `ファイルを展開すると大きすぎるため読み込めません（展開後${MAX_INFLATED_BYTES / (1024 * 1024)}MBまで）。内容を分けてお試しください`;
export const PARSE_TOO_HEAVY_MESSAGE =
  'ファイルの読み込みに必要な処理が大きすぎるため中止しました。ファイルを小さく分けてお試しください';
export const PAGE_TOO_HEAVY_MESSAGE =
  'ページの読み込みに必要な処理が大きすぎるため中止しました。本文をテキストで貼り付けてお試しください';
export const EXTRACTED_TOO_LARGE_MESSAGE = `読み込んだ文章が多すぎます（${MAX_EXTRACTED_CHARS.toLocaleString('ja-JP')}文字まで）。必要な部分に分けてお試しください`;
export const PARSE_FAILED_MESSAGE = 'ファイルを読み込めませんでした。形式が正しいかご確認ください';
export const PAGE_FAILED_MESSAGE =
  'ページの内容を読み込めませんでした。本文をテキストで貼り付けてお試しください';

/** Refuses a ZIP-based document whose declared contents are too large, before any parsing. */
export function assertInflatedSize(kind: DocumentKind, bytes: Buffer): void {
  if (kind !== 'docx' && kind !== 'spreadsheet') return;
  const declared = declaredUncompressedSize(bytes);
  if (declared !== null && declared > MAX_INFLATED_BYTES) {
    throw new HttpError(413, INFLATED_TOO_LARGE_MESSAGE);
  }
}

export function parsesInProcess(kind: DocumentKind, bytes: Buffer): boolean {
  return IN_PROCESS_KINDS.has(kind) && bytes.length <= IN_PROCESS_MAX_BYTES;
}

export type ParseJob =
  | { type: 'document'; bytes: Uint8Array; source: DocumentSource }
  | { type: 'html'; html: string; url: string }
  | { type: 'sitemap'; xml: string };

export interface SitemapLinks {
  sitemaps: string[];
  pages: string[];
}

export type ParseAnswer =
  | { ok: true; value: ExtractedDocument | ExtractedPage | SitemapLinks }
  /** `status` 0: the parser threw something other than an HttpError. */
  | { ok: false; status: number; message: string };

// A child whose parser threw something unexpected may hold a half-torn state: it is retired.
const pool = new ParserPool<ParseJob, ParseAnswer>(
  new URL('./parser-child.ts', import.meta.url),
  {
    size: PARSER_CHILDREN,
    heapMb: PARSER_HEAP_MB,
    maxRssBytes: PARSER_MAX_RSS_BYTES,
    timeLimitMs: PARSER_TIME_LIMIT_MS,
    idleMs: 60_000,
    pollMs: 50,
  },
  (answer) => answer.ok || answer.status > 0,
);

/**
 * Lowers the parsing children's resident-memory cap until the returned function restores it.
 * The tests that prove a bomb is stopped by the cap need not inflate it to production's 768 MB:
 * the same check stops it at a lower cap, in a fraction of the time (seconds a bomb, and a heap
 * near its own limit spends most of them collecting garbage).
 */
export function lowerParserMemoryCapForTests(maxRssBytes: number): () => void {
  pool.setLimits({ maxRssBytes });
  return () => pool.setLimits({ maxRssBytes: PARSER_MAX_RSS_BYTES });
}

async function runJob(
  job: ParseJob,
  messages: { tooHeavy: string; failed: string },
): Promise<ParseAnswer & { ok: true }> {
  let answer: ParseAnswer;
  try {
    answer = await pool.run(job);
  } catch (error) {
    if (!(error instanceof ParserJobFailed)) throw error;
    throw jobFailureError(error, messages);
  }
  if (answer.ok) return answer;
  if (answer.status > 0) throw new HttpError(answer.status, answer.message);
  // Bad input that a parser did not expect (a stack overflow, a library's own assertion).
  throw new HttpError(422, messages.failed, { cause: new Error(answer.message) });
}

/**
 * Parses a document in a child process (parser-child.ts) with a heap cap, a resident-memory
 * cap and a time limit, so a decompression bomb or a pathological file costs one child, never
 * the process that serves everyone else.
 */
export async function parseInChild(
  bytes: Buffer,
  source: DocumentSource,
): Promise<ExtractedDocument> {
  const answer = await runJob(
    {
      type: 'document',
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
      source,
    },
    { tooHeavy: PARSE_TOO_HEAVY_MESSAGE, failed: PARSE_FAILED_MESSAGE },
  );
  return answer.value as ExtractedDocument;
}

/** extractHtml (Readability on linkedom) in a parsing child: never on the server's thread. */
export async function extractHtmlInChild(html: string, pageUrl: string): Promise<ExtractedPage> {
  const answer = await runJob(
    { type: 'html', html, url: pageUrl },
    { tooHeavy: PAGE_TOO_HEAVY_MESSAGE, failed: PAGE_FAILED_MESSAGE },
  );
  return answer.value as ExtractedPage;
}

/** The `<loc>`s of a sitemap or sitemap index, read by the XML parser in a parsing child. */
export async function sitemapLinksInChild(xml: string): Promise<SitemapLinks> {
  const answer = await runJob(
    { type: 'sitemap', xml },
    { tooHeavy: PAGE_TOO_HEAVY_MESSAGE, failed: PAGE_FAILED_MESSAGE },
  );
  return answer.value as SitemapLinks;
}
