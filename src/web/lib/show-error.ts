import { storageReasonInJapanese } from '../../shared/storage-messages.ts';
import { ApiError } from './api-client.ts';

/** A request that never reached the server (offline, cut connection). */
export const NETWORK_FAILED = '通信に失敗しました。接続を確認して、もう一度お試しください';

/**
 * A failure whose message was written for the user (a generation's recorded reason, a rule
 * this page checks itself), shown as it is like a server's reason.
 */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

/** Kinds whose messages are English diagnostics (docs/spec.md §8), not words for the user. */
const DIAGNOSTIC_KINDS = new Set(['STORAGE_ERROR', 'REALTIME_ERROR']);

/**
 * The server's reason for a failure, when it gave one the user can act on: the Japanese
 * message of a refused request (「クレジットが不足しています」, a validation message naming the
 * field). A 500 says only that something broke, and other failures carry nothing to show:
 * for those the screen's own words are better.
 */
export function serverReason(error: unknown): string | null {
  if (error instanceof UserFacingError) return error.message || null;
  if (!(error instanceof ApiError)) return null;
  // The storage API's spec texts are English (docs/spec.md §8): the owner reads them in Japanese.
  const storageReason = storageReasonInJapanese(error.message);
  if (storageReason) return storageReason;
  if (error.kind === 'NETWORK_ERROR') return NETWORK_FAILED;
  if (DIAGNOSTIC_KINDS.has(error.kind) || error.status === 500) return null;
  if (!error.message || /^HTTP \d+$/.test(error.message)) return null;
  return error.message;
}

/** What the user reads for a failure, inline or in a toast: the server's reason, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return serverReason(error) ?? fallback;
}

/**
 * The one way a failure becomes a toast. Without a title the toast reads errorMessage();
 * with one (the admin area's 「エラー」), the screen's words stay as they are and the server's
 * reason, if any, follows them. sonner loads on the first message, so public pages can use it.
 */
export function showError(error: unknown, fallback: string, options: { title?: string } = {}) {
  const reason = serverReason(error);
  void import('sonner').then(({ toast }) => {
    if (options.title === undefined) toast.error(reason ?? fallback);
    else
      toast.error(options.title, {
        description: reason && reason !== fallback ? `${fallback}（${reason}）` : fallback,
      });
  });
}
