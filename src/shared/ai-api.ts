import { z } from 'zod';
import { AI_API_PER_DAY_REACHED, MODEL_USE_LIMITS } from './model-use.ts';
import { AI_PROVIDER_IDS } from './ai.ts';

/**
 * The AI platform API (docs/spec.md §7 AI): POST /api/ai/{project}/text, object, image, speech and
 * transcribe. Text and object stream as Server-Sent Events with `stream: true`:
 *   text:   {type:'text-delta', text} … {type:'finish', text, usage, model, provider}
 *   object: {type:'partial', object} … {type:'finish', object, usage, model, provider}
 * with {type:'tool-call' | 'tool-result'} while `search` runs and {type:'error', error} if the
 * provider fails after the stream has begun (before that, an ordinary JSON error answers).
 * Audio travels as base64 in JSON (a data URL is accepted too), so every endpoint is JSON.
 */

export const AI_NOT_CONFIGURED =
  'AIプロバイダーが設定されていないため、この機能は利用できません（管理者にお問い合わせください）';
export const AI_MEDIA_NOT_CONFIGURED =
  '画像・音声のAI機能にはOpenAI（またはOpenAI互換）のプロバイダー設定が必要です（管理者にお問い合わせください）';
export const PROMPT_OR_MESSAGES_REQUIRED = 'prompt または messages を入力してください';
export const PROMPT_REQUIRED = 'prompt を入力してください';
export const SCHEMA_REQUIRED = 'schema（JSON Schema）を指定してください';
export const SCHEMA_ROOT_OBJECT = 'schema のルートは type: "object" にしてください';
export const ENUM_REQUIRED = 'output が enum のときは enum に1つ以上の選択肢を指定してください';
export const INVALID_IMAGE_URL =
  '画像URLは https で始まり、jpg・jpeg・png・gif・webp のいずれかで終わる必要があります';
export const IMAGE_COUNT = '画像URLは1〜16個指定してください';
export const TEXT_REQUIRED = '読み上げるテキスト（text）を入力してください';
export const AUDIO_REQUIRED = '音声データ（audio）をbase64またはdata URLで指定してください';
export const AUDIO_TOO_LARGE = '音声データは25MB以下にしてください';
export const AI_QUOTA_MINUTE = 'AI APIの呼び出しが多すぎます。しばらく待ってから再度お試しください';
export const AI_QUOTA_DAY = AI_API_PER_DAY_REACHED;

/** Per-user metering (every accepted call counts); the day is Japan's calendar day. */
export const AI_API_LIMITS = {
  perMinute: MODEL_USE_LIMITS.aiApiPerMinute,
  perDay: MODEL_USE_LIMITS.aiApiPerDay,
  perDayBeforePurchase: MODEL_USE_LIMITS.aiApiPerDayBeforePurchase,
} as const;
export const MAX_IMAGE_URLS = 16;
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

const IMAGE_EXTENSION = /\.(jpe?g|png|gif|webp)$/i;

/** docs/spec.md §5: an image URL is HTTPS and its path ends in jpg, jpeg, png, gif or webp. */
export function isImageUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && IMAGE_EXTENSION.test(url.pathname);
  } catch {
    return false;
  }
}

const modelId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\w.:/@-]+$/, 'モデル名に使えない文字が含まれています');

export const aiMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string().max(100_000),
});

const textFields = {
  prompt: z.string().max(100_000).optional(),
  messages: z.array(aiMessageSchema).max(200).optional(),
  provider: z.enum(AI_PROVIDER_IDS).default('auto'),
  model: modelId.optional(),
  maxTokens: z.number().int().min(1).max(64_000).optional(),
  temperature: z.number().min(0).max(2).optional(),
  /** Lets the model search the web (SEARCH_API_URL) before answering. */
  search: z.boolean().default(false),
  /** Model calls allowed when searching (default 5). */
  maxSteps: z.number().int().min(1).max(10).optional(),
  stream: z.boolean().default(false),
};

/** A prompt, or a conversation with something besides system instructions to answer. */
function hasPromptOrMessages(body: {
  prompt?: string | undefined;
  messages?: { role: string }[] | undefined;
}) {
  return (
    Boolean(body.prompt?.trim()) ||
    (body.messages ?? []).some((message) => message.role !== 'system')
  );
}

export const aiTextRequestSchema = z
  .object(textFields)
  .refine(hasPromptOrMessages, { message: PROMPT_OR_MESSAGES_REQUIRED, path: ['prompt'] });
export type AiTextRequest = z.infer<typeof aiTextRequestSchema>;

export const jsonSchemaObject = z.record(z.string(), z.unknown());

export const aiObjectRequestSchema = z
  .object({
    ...textFields,
    /** For output 'array', the schema of one element (default: a string). */
    schema: jsonSchemaObject.optional(),
    output: z.enum(['object', 'array', 'enum', 'no-schema']).default('object'),
    enum: z.array(z.string().trim().min(1).max(500)).max(100).optional(),
  })
  .superRefine((body, context) => {
    if (!hasPromptOrMessages(body)) {
      context.addIssue({ code: 'custom', message: PROMPT_OR_MESSAGES_REQUIRED, path: ['prompt'] });
    }
    if (body.output === 'object') {
      if (!body.schema) {
        context.addIssue({ code: 'custom', message: SCHEMA_REQUIRED, path: ['schema'] });
      } else if (body.schema.type !== 'object') {
        context.addIssue({ code: 'custom', message: SCHEMA_ROOT_OBJECT, path: ['schema'] });
      }
    }
    if (body.output === 'enum' && !body.enum?.length) {
      context.addIssue({ code: 'custom', message: ENUM_REQUIRED, path: ['enum'] });
    }
  });
export type AiObjectRequest = z.infer<typeof aiObjectRequestSchema>;

export const aiUsageSchema = z.object({
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  totalTokens: z.number().int(),
});
export type AiUsage = z.infer<typeof aiUsageSchema>;

export const aiTextResponseSchema = z.object({
  text: z.string(),
  usage: aiUsageSchema,
  model: z.string(),
  provider: z.string(),
  finishReason: z.string(),
});
export type AiTextResponse = z.infer<typeof aiTextResponseSchema>;

export const aiObjectResponseSchema = z.object({
  object: z.unknown(),
  usage: aiUsageSchema,
  model: z.string(),
  provider: z.string(),
});
export type AiObjectResponse = z.infer<typeof aiObjectResponseSchema>;

const imageUrl = z.string().trim().max(2000).refine(isImageUrl, INVALID_IMAGE_URL);
const imageUrls = z.array(imageUrl).min(1, IMAGE_COUNT).max(MAX_IMAGE_URLS, IMAGE_COUNT);

export const aiImageRequestSchema = z
  .object({
    prompt: z.string().max(32_000).optional(),
    model: modelId.optional(),
    /** `{width}x{height}`, e.g. 1024x1024. */
    size: z
      .string()
      .regex(/^\d{2,4}x\d{2,4}$/, 'size は「1024x1024」の形式で指定してください')
      .optional(),
    quality: z.enum(['auto', 'low', 'medium', 'high', 'standard', 'hd']).optional(),
    n: z.number().int().min(1).max(4).default(1),
    /** Images to modify (either name). */
    images: imageUrls.optional(),
    imageUrls: imageUrls.optional(),
  })
  .refine((body) => Boolean(body.prompt?.trim()), { message: PROMPT_REQUIRED, path: ['prompt'] });
export type AiImageRequest = z.infer<typeof aiImageRequestSchema>;

export const aiImageResponseSchema = z.object({
  images: z.array(z.object({ base64: z.string(), mediaType: z.string() })),
  model: z.string(),
  provider: z.string(),
});
export type AiImageResponse = z.infer<typeof aiImageResponseSchema>;

export const aiSpeechRequestSchema = z
  .object({
    text: z.string().max(4096).optional(),
    prompt: z.string().max(4096).optional(),
    model: modelId.optional(),
    voice: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,50}$/, 'voice に使えない文字が含まれています')
      .optional(),
    /** ISO 639-1; providers that cannot choose a language ignore it. */
    language: z
      .string()
      .regex(/^[a-z]{2}$/, 'language は「ja」のような2文字の言語コードで指定してください')
      .optional(),
  })
  .refine((body) => Boolean((body.text ?? body.prompt)?.trim()), {
    message: TEXT_REQUIRED,
    path: ['text'],
  });
export type AiSpeechRequest = z.infer<typeof aiSpeechRequestSchema>;

export const aiSpeechResponseSchema = z.object({
  audio: z.object({ base64: z.string(), mediaType: z.string(), format: z.string() }),
  model: z.string(),
  provider: z.string(),
});
export type AiSpeechResponse = z.infer<typeof aiSpeechResponseSchema>;

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,/i;

/** The base64 payload of `audio`: plain base64 or a `data:audio/…;base64,` URL. */
export function parseAudioData(value: string): string | null {
  const trimmed = value.trim();
  const match = DATA_URL.exec(trimmed);
  const base64 = (match ? trimmed.slice(match[0].length) : trimmed).replace(/\s+/g, '');
  return base64 && BASE64.test(base64) ? base64 : null;
}

export const aiTranscribeRequestSchema = z.object({
  audio: z
    .string({ error: AUDIO_REQUIRED })
    .min(1, AUDIO_REQUIRED)
    .refine((value) => parseAudioData(value) !== null, AUDIO_REQUIRED),
  model: modelId.optional(),
  language: z
    .string()
    .regex(/^[a-z]{2}$/, 'language は「ja」のような2文字の言語コードで指定してください')
    .optional(),
});
export type AiTranscribeRequest = z.infer<typeof aiTranscribeRequestSchema>;

export const aiTranscribeResponseSchema = z.object({
  text: z.string(),
  language: z.string().nullable(),
  durationInSeconds: z.number().nullable(),
  segments: z.array(z.object({ text: z.string(), startSecond: z.number(), endSecond: z.number() })),
  model: z.string(),
  provider: z.string(),
});
export type AiTranscribeResponse = z.infer<typeof aiTranscribeResponseSchema>;

/** One Server-Sent Event of a streamed text or object call. */
export type AiStreamEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'partial'; object: unknown }
  | { type: 'tool-call'; toolName: string; input: unknown }
  | { type: 'tool-result'; toolName: string; output: unknown }
  | ({ type: 'finish' } & (AiTextResponse | AiObjectResponse))
  | { type: 'error'; error: { code: string; message: string; status: number } };
