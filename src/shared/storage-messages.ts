import { UPLOAD_MAX_BYTES } from './limits.ts';

/**
 * Exact texts of docs/spec.md §8: the storage API answers in English (API clients read them).
 * What the owner reads is Japanese: storageReasonInJapanese() below, used by the screens' error
 * toasts.
 */
export const STORAGE_MESSAGES = {
  conflict: 'File already exists. Set upsert: true to overwrite.',
  invalid: 'Invalid request parameters',
  notFound: 'File not found',
  badSignature: 'ダウンロードURLの有効期限が切れているか、正しくありません',
} as const;

export const UPLOAD_MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

export function fileTooLargeMessage(bytes: number): string {
  return `File size (${(bytes / (1024 * 1024)).toFixed(1)}MB) exceeds maximum allowed size (${UPLOAD_MAX_MB}MB)`;
}

/**
 * The Japanese an owner reads for one of the storage API's English texts (docs/spec.md §8), or
 * null for any other message. The toast after 「ストレージに保存」 used to read 'Invalid request parameters'.
 */
export function storageReasonInJapanese(message: string): string | null {
  if (message === STORAGE_MESSAGES.conflict) return '同じ名前のファイルがすでに保存されています';
  if (message === STORAGE_MESSAGES.invalid)
    return 'ファイルの保存先または名前が正しくありません。ファイル名には文字・数字・空白と「. _ - ( )」だけを使えます';
  if (message === STORAGE_MESSAGES.notFound) return 'ファイルが見つかりません';
  const tooLarge = /^File size \(([\d.]+)MB\) exceeds maximum allowed size \((\d+)MB\)$/.exec(
    message,
  );
  if (tooLarge) return `ファイルサイズ（${tooLarge[1]}MB）が上限の${tooLarge[2]}MBを超えています`;
  const upload = /^File upload failed: /.test(message);
  if (upload) return 'ファイルのアップロードに失敗しました。接続を確認して、もう一度お試しください';
  return null;
}
