import { z } from 'zod';
import { STORAGE_QUOTA_BYTES } from './limits.ts';
import { STORAGE_MESSAGES } from './storage-messages.ts';

// The API's texts live apart from zod, so a public page's error toast can read them.
export {
  fileTooLargeMessage,
  STORAGE_MESSAGES,
  storageReasonInJapanese,
  UPLOAD_MAX_MB,
} from './storage-messages.ts';

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** 413 when an upload would take a user's files past STORAGE_QUOTA_BYTES. */
export function storageQuotaMessage(usedBytes: number): string {
  return `ストレージの容量（${STORAGE_QUOTA_BYTES / (1024 * 1024)}MB）を超えるため保存できません（使用中: ${megabytes(usedBytes)}MB）。不要なファイルを削除してから再度お試しください`;
}

/** Signed download URLs stay valid this long (local and S3 alike). */
export const DOWNLOAD_URL_TTL_SECONDS = 15 * 60;

/**
 * One path segment: letters (any script, so 資料.pdf works), digits, marks, space, '.', '_',
 * '-', '(' and ')'; it starts with a letter or digit (no '.hidden', no '..') and does not end
 * in a dot or a space (names Windows cannot save). Byte length keeps every file system happy.
 */
const SEGMENT = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} ._()-]*$/u;
const SEGMENT_MAX_BYTES = 200;

export function isSafeSegment(segment: string): boolean {
  return (
    SEGMENT.test(segment) &&
    !segment.includes('..') &&
    !/[. ]$/.test(segment) &&
    new TextEncoder().encode(segment).length <= SEGMENT_MAX_BYTES
  );
}

/** A slash-separated path of safe segments: no absolute paths, backslashes or empty segments. */
export function isSafeStoragePath(value: string, maxLength = 512): boolean {
  if (value.length === 0 || value.length > maxLength) return false;
  return value.split('/').every(isSafeSegment);
}

const NAME_MAX_BYTES = 150;
const FALLBACK_NAME = 'file';
const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

/**
 * A file name for storage derived from a title, so 「山田ベーカリー｜よくある質問・【公式】」 can be
 * saved: Japanese letters stay; full-width letters, digits and brackets become their plain
 * forms (NFKC); every other character a segment refuses (｜・【】「」, slashes, dots of '..')
 * becomes '_'. The result always passes isSafeSegment and stays under NAME_MAX_BYTES, leaving
 * room for a prefix such as a date stamp; `extension` (without the dot) keeps letters and digits.
 */
export function safeStorageName(title: string, extension = ''): string {
  const cleanExtension = extension.replace(/[^\p{L}\p{N}]/gu, '');
  const suffix = cleanExtension ? `.${cleanExtension}` : '';
  let name = title
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .replace(/[^\p{L}\p{M}\p{N} ._()-]/gu, '_')
    .replace(/\.{2,}/g, '_')
    .replace(/_{2,}/g, '_')
    // A segment starts with a letter or digit and ends in neither a dot nor a space.
    .replace(/^[^\p{L}\p{N}]+/u, '');
  const budget = NAME_MAX_BYTES - utf8Bytes(suffix);
  while (utf8Bytes(name) > budget) name = [...name].slice(0, -1).join('');
  name = name.replace(/[ ._-]+$/, '');
  return `${name || FALLBACK_NAME}${suffix}`;
}

/** What callers send: a path relative to their own namespace. */
export const storagePathSchema = z.string().refine((value) => isSafeStoragePath(value), {
  message: STORAGE_MESSAGES.invalid,
});

/** Unknown keys (cacheControl and the like from other clients) are ignored. */
export const uploadOptionsSchema = z.object({ upsert: z.boolean().optional() });
export type UploadOptions = z.infer<typeof uploadOptionsSchema>;

export const uploadResponseSchema = z.object({
  path: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const downloadQuerySchema = z.object({
  path: storagePathSchema,
  filename: z
    .string()
    .min(1)
    .max(255)
    // The name ends up in a header: no control characters or path separators.
    .refine((value) => !/[\p{Cc}/\\]/u.test(value), { message: STORAGE_MESSAGES.invalid })
    .optional(),
});
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;

export const downloadResponseSchema = z.object({
  downloadUrl: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
});
export type DownloadResponse = z.infer<typeof downloadResponseSchema>;

export const removeRequestSchema = z.object({
  paths: z.array(storagePathSchema).min(1).max(100),
});
export type RemoveRequest = z.infer<typeof removeRequestSchema>;

export const removeResponseSchema = z.object({ removed: z.array(z.string()) });
export type RemoveResponse = z.infer<typeof removeResponseSchema>;
