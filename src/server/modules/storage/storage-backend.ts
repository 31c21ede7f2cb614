import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  size: number;
  contentType: string;
}

export interface OpenedFile extends StoredFileInfo {
  stream: Readable;
}

export interface SignedUrlOptions {
  /** Offered to the browser as the attachment's name. */
  filename: string;
  contentType: string;
  expiresInSeconds: number;
}

/**
 * Where files live: the local disk (default) or an S3-compatible bucket. Keys are
 * slash-separated safe segments (`isSafeKey`); a backend refuses anything else.
 */
export interface StorageBackend {
  readonly kind: 'local' | 's3';
  /**
   * Streams the body in; readers never see half a file, and when the body stream fails
   * (too large, aborted) nothing is left behind and an existing file keeps its old bytes.
   */
  put(key: string, body: Readable, options: { contentType: string }): Promise<StoredFileInfo>;
  open(key: string): Promise<OpenedFile | null>;
  stat(key: string): Promise<StoredFileInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** A URL anyone holding it may GET until it expires, served as an attachment. */
  signedDownloadUrl(key: string, options: SignedUrlOptions): Promise<string>;
  /** Total bytes stored under a key prefix ending in `/` (a user's quota). */
  usedBytes(prefix: string): Promise<number>;
  /** Releases connections (S3); called when the app closes. */
  close?(): void;
}

/**
 * The local backend derives the content type from the extension (no sidecar files), and the
 * upload route corrects extensions from the bytes, so the two never disagree. Anything not
 * listed is served as application/octet-stream.
 */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  json: 'application/json',
  xml: 'application/xml',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

export function extensionOf(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[extensionOf(key)] ?? 'application/octet-stream';
}

/** The bare MIME type (no parameters), for comparing with a sniffed type. */
export function mimeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}
