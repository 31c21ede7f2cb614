import { z } from 'zod';
import { safeJson } from './safe-input.ts';

/** docs/spec.md §9 realtime client constants. */
export const REALTIME_SUBSCRIBE_TIMEOUT_MS = 10_000;
export const REALTIME_SEND_TIMEOUT_MS = 10_000;
export const REALTIME_PING_INTERVAL_MS = 25_000;
export const REALTIME_RECONNECT_CAP_MS = 30_000;
export const REALTIME_RECONNECT_JITTER_MS = 1_000;
export const REALTIME_MAX_PAYLOAD_BYTES = 32 * 1024;
/** Presence rows not refreshed by a ping for this long belong to a lost connection. */
export const REALTIME_PRESENCE_STALE_MS = 75_000;

/** docs/spec.md §8 realtime error texts. */
export const REALTIME_ERRORS = {
  subscribeTimeout: 'Subscription timeout',
  sendTimeout: 'Send timeout',
  closed: 'WebSocket connection closed',
} as const;

export const REALTIME_FORBIDDEN = 'このチャンネルには参加できません';

/**
 * Sockets one user may hold open at once in one server process: a tab or two per device is
 * one or two, so ten covers honest use while one account can no longer pin sixty connections
 * (and their heartbeat checks) on a process. The one over the limit is refused, not the oldest
 * closed: closing the oldest would make the oldest tab reconnect and close the next, forever.
 */
export const REALTIME_MAX_SOCKETS_PER_USER = 10;
export const REALTIME_TOO_MANY_SOCKETS = `同時に開ける接続は${REALTIME_MAX_SOCKETS_PER_USER}までです。使っていないタブや画面を閉じてから再度お試しください`;
/** What a frame that is not a request looks like to its sender (never a form field's words). */
export const REALTIME_BAD_FRAME =
  'メッセージの形式が正しくありません（type と ref を含むJSONで送ってください）';

/** Channels a user may join: their own (`user:{id}`) and their generations (`generation:{id}`). */
export const channelSchema = z
  .string({ error: 'チャンネル名を指定してください' })
  .trim()
  .regex(/^(user|generation):[A-Za-z0-9_-]{1,100}$/, 'チャンネル名が正しくありません');

export const eventNameSchema = z
  .string({ error: 'イベント名を入力してください' })
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
// Its own words: the error map would name `ref` by the sign-up form's label (紹介コード).
const frameRefSchema = z
  .string({ error: '要求の識別子（ref）を文字列で指定してください' })
  .max(64, '要求の識別子（ref）は64文字以内で指定してください');

export const clientFrameSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('subscribe'), ref: frameRefSchema, channel: channelSchema }),
    z.object({ type: z.literal('unsubscribe'), ref: frameRefSchema, channel: channelSchema }),
    z.object({
      type: z.literal('publish'),
      ref: frameRefSchema,
      channel: channelSchema,
      event: eventNameSchema,
      payload: safeJson().optional(),
    }),
    z.object({ type: z.literal('ping'), ref: frameRefSchema }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'メッセージの種類（type）は subscribe・unsubscribe・publish・ping のいずれかを指定してください'
        : REALTIME_BAD_FRAME,
  },
);
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
