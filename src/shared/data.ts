import { z } from 'zod';
import { isHttpUrl } from './url.ts';

/** The data API (docs/spec.md §7 Data): the ingestion module, callable by signed-in clients. */
export const INVALID_FETCH_URL = 'http または https で始まるURLを入力してください';
export const SEARCH_NOT_CONFIGURED =
  '検索プロバイダーが設定されていないため、Web検索は利用できません（管理者にお問い合わせください）';
export const BROWSER_NOT_AVAILABLE =
  'このサーバーではブラウザー（Chromium）が利用できないため、スクリーンショットを撮影できません';
export const FILE_REQUIRED = 'ファイルを選択してください';
export const FILE_TOO_LARGE = 'ファイルサイズは50MB以下にしてください';

const httpUrl = z
  .string()
  .trim()
  .min(1, 'URLを入力してください')
  .max(2000, 'URLが長すぎます')
  .refine(isHttpUrl, INVALID_FETCH_URL);

export const extractFromUrlRequestSchema = z.object({ url: httpUrl });

export const documentKindSchema = z.enum([
  'pdf',
  'docx',
  'spreadsheet',
  'csv',
  'tsv',
  'html',
  'markdown',
  'text',
  'json',
  'yaml',
  'xml',
]);

export const extractedContentSchema = z.object({
  url: z.string().nullable(),
  filename: z.string().nullable(),
  kind: documentKindSchema,
  title: z.string(),
  description: z.string(),
  language: z.string(),
  /** Plain text (spec: "content text out"). */
  content: z.string(),
  markdown: z.string(),
  characters: z.number().int(),
});
export type ExtractedContent = z.infer<typeof extractedContentSchema>;

export const crawlReportEntrySchema = z.object({
  url: z.string(),
  outcome: z.enum(['ok', 'blocked_by_robots', 'not_html', 'empty_shell', 'duplicate', 'error']),
  message: z.string().optional(),
});

export const scrapeRequestSchema = z.object({
  url: httpUrl,
  includeSubpages: z.boolean().default(false),
  maxPages: z.number().int().min(1).max(30).optional(),
});

export const scrapeResponseSchema = z.object({
  url: z.string(),
  title: z.string(),
  /** Every page's Markdown, separated by its address (spec: "markdown out"). */
  markdown: z.string(),
  pages: z.array(
    z.object({ url: z.string(), title: z.string(), description: z.string(), markdown: z.string() }),
  ),
  report: z.array(crawlReportEntrySchema),
});
export type ScrapeResponse = z.infer<typeof scrapeResponseSchema>;

export const fetchRequestSchema = z.object({ url: httpUrl });
export const fetchResponseSchema = z.object({
  url: z.string(),
  status: z.number().int(),
  contentType: z.string(),
  size: z.number().int(),
  /** Decoded text for text types (charset handled), otherwise null and the bytes in base64. */
  text: z.string().nullable(),
  base64: z.string().nullable(),
});
export type FetchResponse = z.infer<typeof fetchResponseSchema>;

export const screenshotRequestSchema = z.object({
  url: httpUrl,
  fullPage: z.boolean().default(false),
});
export const screenshotResponseSchema = z.object({
  url: z.string(),
  contentType: z.literal('image/png'),
  /** The PNG in base64. */
  data: z.string(),
});

export const searchRequestSchema = z.object({
  query: z.string().trim().min(1, '検索語を入力してください').max(400, '検索語が長すぎます'),
  limit: z.number().int().min(1).max(20).default(5),
});
