import { fileTypeFromBuffer } from 'file-type';
import Papa from 'papaparse';
import { XMLParser } from 'fast-xml-parser';
import type * as XLSXModule from '@e965/xlsx';
import YAML from 'yaml';
import { HttpError } from '../../lib/http-error.ts';
import { decodeBody } from './charset.ts';
import { assertInflatedSize, parseInChild, parsesInProcess } from './document-isolation.ts';
import { extractHtml, htmlFragmentToMarkdown, type ExtractedPage } from './html-extract.ts';

export type DocumentKind =
  | 'pdf'
  | 'docx'
  | 'spreadsheet'
  | 'csv'
  | 'tsv'
  | 'html'
  | 'markdown'
  | 'text'
  | 'json'
  | 'yaml'
  | 'xml';

export interface ExtractedDocument extends ExtractedPage {
  kind: DocumentKind;
}

export interface DocumentSource {
  contentType?: string;
  filename?: string;
  /** Where the bytes came from; resolves relative links in HTML. */
  url?: string;
}

export const SUPPORTED_FORMATS_LABEL =
  'PDF、Word（.docx）、Excel（.xlsx/.xls）、CSV/TSV、Markdown、テキスト、JSON、YAML、XML、HTML';
export const UNSUPPORTED_MESSAGE = `この形式のファイルは読み込めません。対応形式：${SUPPORTED_FORMATS_LABEL}`;
export const SCANNED_PDF_MESSAGE =
  'このPDFには文字情報がありません（スキャン画像のPDFの可能性があります）。文字を選択できるPDFか、テキストを貼り付けてお試しください';
export const ENCRYPTED_PDF_MESSAGE =
  'このPDFはパスワードで保護されているため読み込めません。保護を解除したPDFをお使いください';
export const BROKEN_DOCUMENT_MESSAGE =
  'ファイルが壊れているか、形式が正しくないため読み込めませんでした';

/** A sheet bigger than this is cut: FAQs come from what a person would read, not from data dumps. */
const MAX_ROWS_PER_SHEET = 2000;
const MAX_CELL_CHARS = 500;
/** Pages read from one PDF: a FAQ is made from a brochure or a manual, not a book archive. */
export const MAX_PDF_PAGES = 1000;
export const PDF_TOO_MANY_PAGES_MESSAGE = `ページ数が多すぎるため読み込めません（PDFは${MAX_PDF_PAGES.toLocaleString('ja-JP')}ページまで）。必要な部分に分けてお試しください`;

const EXTENSION_KINDS: Record<string, DocumentKind> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'spreadsheet',
  xls: 'spreadsheet',
  csv: 'csv',
  tsv: 'tsv',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  txt: 'text',
  log: 'text',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  xml: 'xml',
};

function extensionOf(name: string | undefined): string {
  if (!name) return '';
  let path = name;
  try {
    path = new URL(name).pathname;
  } catch {
    // a plain file name
  }
  const match = /\.([a-z0-9]+)$/i.exec(path);
  return match ? match[1]!.toLowerCase() : '';
}

function kindFromContentType(contentType: string): DocumentKind | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.includes('wordprocessingml')) return 'docx';
  if (type.includes('spreadsheetml') || type === 'application/vnd.ms-excel') return 'spreadsheet';
  if (type === 'text/csv') return 'csv';
  if (type === 'text/tab-separated-values') return 'tsv';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/markdown') return 'markdown';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type.includes('yaml')) return 'yaml';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  if (type.startsWith('text/')) return 'text';
  return null;
}

function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 4096);
  if (sample.length === 0) return true;
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return false;
    if (byte < 8 || (byte > 13 && byte < 27)) control++;
  }
  return control / sample.length < 0.02;
}

/**
 * What the bytes are. Binary formats are recognised by their leading bytes whatever the name or
 * the server says; text formats by content type, then extension, then a look at the text itself.
 */
export async function sniffDocumentKind(
  bytes: Buffer,
  source: DocumentSource = {},
): Promise<DocumentKind | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    if (detected.ext === 'pdf') return 'pdf';
    if (detected.ext === 'docx') return 'docx';
    if (detected.ext === 'xlsx') return 'spreadsheet';
    // XLS is an OLE compound file; so are old .doc files, which SheetJS rejects below.
    if (detected.ext === 'cfb') return 'spreadsheet';
    if (detected.ext === 'xml') return kindFromName(source) === 'html' ? 'html' : 'xml';
    return null;
  }
  if (!looksLikeText(bytes)) return null;
  const contentType = (source.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const declared = kindFromContentType(contentType);
  // A server that says image/png means it, even when the bytes are too few to tell.
  if (!declared && contentType !== '' && contentType !== 'application/octet-stream') return null;
  const byName = kindFromName(source);
  // Servers often send text/plain for everything; a name that says more wins.
  if (declared && declared !== 'text') return declared;
  if (byName) return byName;
  if (declared) return declared;
  const head = bytes.subarray(0, 1024).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'html';
  if (head.startsWith('<?xml')) return 'xml';
  return 'text';
}

function kindFromName(source: DocumentSource): DocumentKind | null {
  return (
    EXTENSION_KINDS[extensionOf(source.filename)] ??
    EXTENSION_KINDS[extensionOf(source.url)] ??
    null
  );
}

function cell(value: unknown): string {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? '');
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_CELL_CHARS).replaceAll('|', '\\|');
}

/** Rows as a Markdown table; the first row is the header, as people write spreadsheets. */
export function rowsToMarkdownTable(rows: unknown[][]): string {
  const cleaned = rows
    .map((row) => row.map(cell))
    .filter((row) => row.some((value) => value !== ''));
  if (cleaned.length === 0) return '';
  const width = Math.max(...cleaned.map((row) => row.length));
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, index) => cells[index] ?? '').join(' | ')} |`;
  return [
    line(cleaned[0]!),
    `| ${Array.from({ length: width }, () => '---').join(' | ')} |`,
    ...cleaned.slice(1).map(line),
  ].join('\n');
}

function plain(markdown: string): string {
  return (
    markdown
      // Within one line: a class with \n in it let each line start rescan the rest of the text.
      .replace(/^\|[ \t\u3000|:-]+\|$/gm, '')
      .replace(/^#+\s*/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

function result(
  kind: DocumentKind,
  markdown: string,
  extra: Partial<ExtractedDocument> = {},
): ExtractedDocument {
  // PDFs and Office files can hold NUL characters, which PostgreSQL cannot store.
  const trimmed = markdown
    .replaceAll('\u0000', '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return {
    kind,
    title: '',
    description: '',
    language: '',
    canonicalUrl: null,
    markdown: trimmed,
    text: plain(trimmed),
    links: [],
    looksLikeJavaScriptShell: false,
    ...extra,
  };
}

// PDF.js, mammoth and SheetJS are large: loaded on the first document of their kind, so a
// server (or a test) that never reads one never pays for them.
async function extractPdf(bytes: Buffer): Promise<ExtractedDocument> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pdf;
  try {
    // verbosity 0: pdf.js would otherwise print repair warnings for every damaged file.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException')
      throw new HttpError(422, ENCRYPTED_PDF_MESSAGE);
    throw new HttpError(422, BROKEN_DOCUMENT_MESSAGE);
  }
  try {
    // Known from the cross-reference table before any page is decoded.
    if (pdf.numPages > MAX_PDF_PAGES) throw new HttpError(413, PDF_TOO_MANY_PAGES_MESSAGE);
    const { text } = await extractText(pdf, { mergePages: false });
    const metadata = await pdf.getMetadata().catch(() => null);
    const info = (metadata?.info ?? {}) as { Title?: unknown };
    const pages = text.map((page) => page.replace(/[ \t]+\n/g, '\n').trim()).filter(Boolean);
    if (pages.join('').replace(/\s+/g, '').length === 0)
      throw new HttpError(422, SCANNED_PDF_MESSAGE);
    return result('pdf', pages.join('\n\n'), {
      title: typeof info.Title === 'string' ? info.Title.trim() : '',
    });
  } finally {
    await pdf.loadingTask.destroy();
  }
}

async function extractDocx(bytes: Buffer): Promise<ExtractedDocument> {
  const { default: mammoth } = await import('mammoth');
  let html: string;
  try {
    ({ value: html } = await mammoth.convertToHtml({ buffer: bytes }));
  } catch {
    throw new HttpError(422, BROKEN_DOCUMENT_MESSAGE);
  }
  const markdown = htmlFragmentToMarkdown(html);
  const heading = /^#{1,2}\s+(.+)$/m.exec(markdown);
  return result('docx', markdown, { title: heading?.[1]?.trim() ?? '' });
}

async function extractSpreadsheet(bytes: Buffer): Promise<ExtractedDocument> {
  const XLSX: typeof XLSXModule = await import('@e965/xlsx');
  let workbook: XLSXModule.WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: 'buffer', cellDates: true, dense: true });
  } catch {
    throw new HttpError(422, BROKEN_DOCUMENT_MESSAGE);
  }
  const sections: string[] = [];
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    if (!sheet) continue;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
      header: 1,
      blankrows: false,
      defval: '',
      raw: false,
    });
    const table = rowsToMarkdownTable(rows.slice(0, MAX_ROWS_PER_SHEET));
    if (table) sections.push(`## ${name}\n\n${table}`);
  }
  return result('spreadsheet', sections.join('\n\n'));
}

function extractDelimited(text: string, kind: 'csv' | 'tsv'): ExtractedDocument {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimiter: kind === 'tsv' ? '\t' : '',
    skipEmptyLines: 'greedy',
    preview: MAX_ROWS_PER_SHEET,
  });
  return result(kind, rowsToMarkdownTable(parsed.data));
}

function structuredToMarkdown(kind: DocumentKind, value: unknown): ExtractedDocument {
  // YAML reads like prose for nested data, which is what the model sees best.
  const yaml = YAML.stringify(value, { lineWidth: 0 }).trim();
  return result(kind, yaml);
}

/**
 * Text and structure of a document. Everything but small plain texts is parsed in a child
 * process (document-isolation.ts), Office files after their declared inflated size is checked.
 */
export async function extractDocument(
  bytes: Buffer,
  source: DocumentSource = {},
): Promise<ExtractedDocument> {
  const kind = await sniffDocumentKind(bytes, source);
  if (!kind) throw new HttpError(415, UNSUPPORTED_MESSAGE);
  assertInflatedSize(kind, bytes);
  if (parsesInProcess(kind, bytes)) return parseDocument(bytes, source);
  return parseInChild(bytes, source);
}

/** The parsing itself, in whichever process calls it (a parsing child for all but plain text). */
export async function parseDocument(
  bytes: Buffer,
  source: DocumentSource = {},
): Promise<ExtractedDocument> {
  const kind = await sniffDocumentKind(bytes, source);
  if (!kind) throw new HttpError(415, UNSUPPORTED_MESSAGE);
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes);
    case 'docx':
      return extractDocx(bytes);
    case 'spreadsheet':
      return extractSpreadsheet(bytes);
    default:
      break;
  }
  const { text } = decodeBody(bytes, source.contentType ?? '');
  switch (kind) {
    case 'html': {
      const page = extractHtml(text, source.url ?? 'https://invalid.example/');
      return { kind, ...page };
    }
    case 'csv':
    case 'tsv':
      return extractDelimited(text, kind);
    case 'json':
      try {
        return structuredToMarkdown(kind, JSON.parse(text.replace(/^\uFEFF/, '')));
      } catch {
        return result('text', text);
      }
    case 'yaml':
      try {
        return structuredToMarkdown(kind, YAML.parse(text));
      } catch {
        return result('text', text);
      }
    case 'xml':
      try {
        const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
        return structuredToMarkdown(kind, parser.parse(text));
      } catch {
        return result('text', text);
      }
    default:
      return result(kind, text);
  }
}
