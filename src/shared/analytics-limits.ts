/**
 * docs/spec.md §9 analytics constants, shared by the browser tracker and the server. Without zod,
 * so the tracker that every page loads does not pull it in (analytics.ts re-exports them).
 */
export const ANALYTICS_BATCH_SIZE = 10;
export const ANALYTICS_FLUSH_MS = 3000;
export const ANALYTICS_MAX_STRING = 256;
export const ANALYTICS_SESSION_IDLE_MS = 30 * 60 * 1000;
export const ANALYTICS_MAX_EVENTS_PER_REQUEST = 50;
