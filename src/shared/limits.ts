/** Business constants (docs/spec.md §9). Server and browser read the same numbers. */
export const SIGNUP_BONUS_CREDITS = 50;
export const REFERRAL_SIGNUP_BONUS = 10;
export const REFERRAL_PURCHASE_BONUS = 10;
export const CREDITS_PER_FAQ = 1;
export const MAX_FAQS_PER_BATCH = 100;
export const FAQ_COUNT_CHOICES = [5, 10, 15, 100] as const;
export const DEFAULT_FAQ_COUNT = 10;
export const MAX_RESPONDERS = 5;
export const ANSWER_LENGTHS = {
  short: { label: '短め', min: 80, max: 120 },
  medium: { label: '標準', min: 250, max: 350 },
  long: { label: '長め', min: 500, max: 600 },
} as const;
export type AnswerLength = keyof typeof ANSWER_LENGTHS;

export const TRANSACTION_PAGE_SIZE = 50;
export const USAGE_TABLE_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 50;
export const ADMIN_LIST_LIMIT = 1000;
export const ACTIVE_USER_DAYS = 7;
export const RECENT_ACTIVITY_HOURS = 24;
export const ADMIN_CREDIT_STEP = 10;
export const COPY_FEEDBACK_MS = 2000;
export const SHARE_POPUP = { width: 600, height: 400 } as const;

export const ACCESS_TOKEN_TTL_SECONDS = 900;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const TOKEN_EXPIRY_SKEW_SECONDS = 30;
export const ME_TIMEOUT_MS = 5000;
export const IFRAME_TOKEN_WAIT_MS = 100;
export const PASSWORD_MIN_LENGTH = 8;

export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const PASTED_TEXT_MAX_CHARS = 100_000;
/** Everything one user keeps in file storage (`users/{id}/…`), all files together. */
export const STORAGE_QUOTA_BYTES = 500 * 1024 * 1024;
/** Question phases (page reading and question writing) one user may have running at once. */
export const MAX_RUNNING_QUESTION_PHASES = 2;
/**
 * Crawls of one site (the server its name resolves to) running at once, all users together: each reads up to
 * three pages in parallel, so at most nine of our requests reach one third-party site at a time,
 * however many accounts ask.
 */
export const MAX_CONCURRENT_CRAWLS_PER_HOST = 3;
/**
 * Pages one site may be asked for per minute, all users together: about one a second, a polite
 * crawler's pace. A crawl books its whole page allowance (CRAWL_MAX_PAGES, or 1 without
 * subpages) when it starts.
 */
export const MAX_PAGES_PER_HOST_PER_MINUTE = 60;
