import { z } from 'zod';
import { safeJson } from './safe-input.ts';

/** Spec §9 realtime client constants. */
export const REALTIME_SUBSCRIBE_TIMEOUT_MS = 10_000;
export const REALTIME_SEND_TIMEOUT_MS = 10_000;
export const REALTIME_PING_INTERVAL_MS = 25_000;
export const REALTIME_RECONNECT_CAP_MS = 30_000;
export const REALTIME_RECONNECT_JITTER_MS = 1_000;
export const REALTIME_MAX_PAYLOAD_BYTES = 32 * 1024;
/** Presence rows not refreshed by a ping for this long belong to a lost connection. */
export const REALTIME_PRESENCE_STALE_MS = 75_000;

/** Spec §8 realtime error texts. */
export const REALTIME_ERRORS = {
  subscribeTimeout: 'Subscription timeout',
  sendTimeout: 'Send timeout',
  closed: 'WebSocket connection closed',
} as const;

export const REALTIME_FORBIDDEN = 'このチャンネルには参加できません';

/** Channels a user may join: their own (`user:{id}`) and their generations (`generation:{id}`). */
export const channelSchema = z
  .string()
  .trim()
  .regex(/^(user|generation):[A-Za-z0-9_-]{1,100}$/, 'チャンネル名が正しくありません');

export const eventNameSchema = z
  .string()
  .trim()
  .min(1, 'イベント名を入力してください')
  .max(64, 'イベント名が長すぎます')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'イベント名は英数字と _ . : - で指定してください');

export const publishRequestSchema = z.object({
  channel: channelSchema,
  event: eventNameSchema,
  payload: safeJson().optional(),
});

export const realtimeMessageSchema = z.object({
  id: z.string(),
  channel: z.string(),
  event: z.string(),
  payload: z.unknown(),
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;

export const messagesQuerySchema = z.object({
  channel: channelSchema,
  limit: z.coerce.number().int().min(1).max(200).default(50),
  start: z.iso.datetime({ offset: true }).optional(),
  end: z.iso.datetime({ offset: true }).optional(),
});

export const presenceQuerySchema = z.object({ channel: channelSchema });
export const presenceResponseSchema = z.object({
  channel: z.string(),
  members: z.array(z.object({ userId: z.string(), joinedAt: z.string() })),
});

/** What a browser sends over the socket. `ref` pairs a request with its answer. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), ref: z.string().max(64), channel: channelSchema }),
  z.object({ type: z.literal('unsubscribe'), ref: z.string().max(64), channel: channelSchema }),
  z.object({
    type: z.literal('publish'),
    ref: z.string().max(64),
    channel: channelSchema,
    event: eventNameSchema,
    payload: safeJson().optional(),
  }),
  z.object({ type: z.literal('ping'), ref: z.string().max(64) }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** What the server sends. */
export type ServerFrame =
  | { type: 'ack'; ref: string; channel?: string; id?: string }
  | { type: 'pong'; ref: string }
  | { type: 'error'; ref: string | null; message: string }
  | {
      type: 'message';
      channel: string;
      event: string;
      payload: unknown;
      id: string | null;
      userId?: string | null;
      createdAt: string;
    };
