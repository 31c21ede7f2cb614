import { z } from 'zod';

import { ANALYTICS_MAX_EVENTS_PER_REQUEST, ANALYTICS_MAX_STRING } from './analytics-limits.ts';

export {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_MS,
  ANALYTICS_MAX_EVENTS_PER_REQUEST,
  ANALYTICS_MAX_STRING,
  ANALYTICS_SESSION_IDLE_MS,
} from './analytics-limits.ts';

export const CHANNELS = [
  'direct',
  'organic_search',
  'paid_search',
  'social',
  'email',
  'referral',
  'display',
  'affiliate',
  'other',
] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABELS: Record<Channel, string> = {
  direct: '直接',
  organic_search: '自然検索',
  paid_search: '検索広告',
  social: 'SNS',
  email: 'メール',
  referral: '他サイトからのリンク',
  display: 'ディスプレイ広告',
  affiliate: 'アフィリエイト',
  other: 'その他',
};

/** Longer strings are cut, not refused: a long referrer must not lose the whole batch. */
const text = z
  .string()
  .transform((value) => value.slice(0, ANALYTICS_MAX_STRING))
  .nullish();

export const analyticsEventSchema = z.object({
  type: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z][a-z0-9_.:-]*$/, 'イベント名は英小文字・数字・_ . : - で指定してください'),
  timestamp: z.iso.datetime({ offset: true }),
  sessionId: text,
  pathname: text,
  referrer: text,
  screenWidth: z.number().int().min(0).max(100_000).nullish(),
  channel: z.enum(CHANNELS).nullish(),
  utmSource: text,
  utmMedium: text,
  utmCampaign: text,
  utmContent: text,
  utmTerm: text,
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>;

export const analyticsLogRequestSchema = z.object({
  events: z
    .array(analyticsEventSchema)
    .min(1, 'イベントがありません')
    .max(ANALYTICS_MAX_EVENTS_PER_REQUEST, 'イベントが多すぎます'),
  /**
   * sendBeacon cannot set headers; a flush on page hide carries the access token here so the
   * server can still verify who the user is (a user id sent by the browser is never trusted).
   */
  accessToken: z.string().max(4096).optional(),
});

export const analyticsSummaryQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30),
});

export const analyticsSummarySchema = z.object({
  days: z.number().int(),
  pageViewsByDay: z.array(
    z.object({ date: z.string(), pageViews: z.number().int(), visits: z.number().int() }),
  ),
  visitsByChannel: z.array(z.object({ channel: z.string(), visits: z.number().int() })),
  totals: z.object({ pageViews: z.number().int(), visits: z.number().int() }),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;
