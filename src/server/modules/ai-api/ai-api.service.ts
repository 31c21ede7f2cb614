import { createOpenAI, type OpenAIProvider } from '@ai-sdk/openai';
import {
  APICallError,
  InvalidArgumentError,
  InvalidPromptError,
  InvalidResponseDataError,
  jsonSchema,
  NoContentGeneratedError,
  NoImageGeneratedError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  NoSpeechGeneratedError,
  NoTranscriptGeneratedError,
  Output,
  RetryError,
  stepCountIs,
  tool,
  TypeValidationError,
  UnsupportedFunctionalityError,
  JSONParseError,
  type JSONSchema7,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  type StopCondition,
  type ToolSet,
} from 'ai';
import { z } from 'zod';
import {
  AI_API_LIMITS,
  AI_MEDIA_NOT_CONFIGURED,
  AI_NOT_CONFIGURED,
  AI_QUOTA_DAY,
  AI_QUOTA_MINUTE,
  type AiObjectRequest,
  type AiTextRequest,
  type AiUsage,
} from '../../../shared/ai-api.ts';
import { SEARCH_NOT_CONFIGURED } from '../../../shared/data.ts';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import {
  aiApiDailyLimit,
  consumeDailyAllowance,
  requireConfirmedAddress,
} from '../ai/model-access.ts';
import { resolveEngine } from '../ai/providers.ts';
import { searchWeb } from '../data/search.ts';

export interface TextEngine {
  provider: string;
  modelId: string;
  model: LanguageModel;
}

/**
 * The configured language model. Unlike the FAQ generator, these generic endpoints have no
 * offline fallback: the offline engine only rewrites supplied content, so answering a free
 * prompt with it would pretend to be a model.
 */
export function textEngine(
  config: Config,
  provider: AiTextRequest['provider'],
  model?: string,
): TextEngine {
  const engine = resolveEngine(config, provider, model);
  if (engine.kind === 'offline') throw new HttpError(503, AI_NOT_CONFIGURED);
  // resolveEngine ignores the model id for `auto`; a caller naming one means that model.
  const chosen =
    provider === 'auto' && model && model !== engine.modelId
      ? resolveEngine(config, engine.provider, model)
      : engine;
  if (chosen.kind === 'offline') throw new HttpError(503, AI_NOT_CONFIGURED);
  return { provider: chosen.provider, modelId: chosen.modelId, model: chosen.model };
}

export interface MediaEngine {
  provider: 'openai' | 'openai-compatible';
  openai: OpenAIProvider;
}

/** Images, speech and transcription speak OpenAI's media endpoints (or a compatible server). */
export function mediaEngine(config: Config): MediaEngine {
  if (config.OPENAI_API_KEY) {
    return {
      provider: 'openai',
      openai: createOpenAI({
        apiKey: config.OPENAI_API_KEY,
        ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
      }),
    };
  }
  if (config.OPENAI_COMPATIBLE_BASE_URL) {
    return {
      provider: 'openai-compatible',
      openai: createOpenAI({
        name: 'openai-compatible',
        baseURL: config.OPENAI_COMPATIBLE_BASE_URL,
        // Local servers (Ollama, LocalAI, vLLM) often need no key; the client insists on one.
        apiKey: config.OPENAI_COMPATIBLE_API_KEY ?? 'not-needed',
      }),
    };
  }
  throw new HttpError(503, AI_MEDIA_NOT_CONFIGURED);
}

/**
 * `prompt` alone, or the conversation with `prompt` as its last user turn. The caller writes
 * the whole conversation, system turns included, so they stay where the caller put them.
 */
export function promptOf(
  body: Pick<AiTextRequest, 'prompt' | 'messages'>,
): { prompt: string } | { messages: ModelMessage[]; allowSystemInMessages: true } {
  const prompt = body.prompt?.trim() ? body.prompt : undefined;
  if (!body.messages?.length) return { prompt: prompt ?? '' };
  const messages: ModelMessage[] = body.messages.map((message) => ({ ...message }));
  if (prompt) messages.push({ role: 'user', content: prompt });
  return { messages, allowSystemInMessages: true };
}

const STRING_ELEMENT: JSONSchema7 = { type: 'string' };

/** The AI SDK output for an object request (array without a schema: a list of strings). */
export function outputOf(body: AiObjectRequest) {
  switch (body.output) {
    case 'enum':
      return Output.choice({ options: body.enum ?? [] });
    case 'array':
      return Output.array({
        element: jsonSchema(body.schema ? (body.schema as JSONSchema7) : STRING_ELEMENT),
      });
    case 'no-schema':
      return Output.json();
    default:
      return Output.object({ schema: jsonSchema(body.schema as JSONSchema7) });
  }
}

export const DEFAULT_SEARCH_STEPS = 5;
const SEARCH_RESULTS = 5;

/** `search`: a web-search tool on the operator's search service, and room for the model to use it. */
export function searchOptions(
  config: Config,
  body: Pick<AiTextRequest, 'search' | 'maxSteps'>,
): { tools?: ToolSet; stopWhen?: StopCondition<ToolSet> } {
  if (!body.search) return {};
  if (!config.SEARCH_API_URL) throw new HttpError(501, SEARCH_NOT_CONFIGURED);
  return {
    tools: {
      webSearch: tool({
        description:
          'Webを検索し、上位の結果（タイトル・URL・抜粋）を返します。最新の情報や事実確認が必要なときに使います。',
        inputSchema: z.object({ query: z.string().min(1).max(200) }),
        execute: async ({ query }) => (await searchWeb(config, query, SEARCH_RESULTS)).results,
      }),
    },
    stopWhen: stepCountIs(body.maxSteps ?? DEFAULT_SEARCH_STEPS),
  };
}

export function usageOf(usage: LanguageModelUsage | undefined): AiUsage {
  const inputTokens = usage?.inputTokens ?? 0;
  const outputTokens = usage?.outputTokens ?? 0;
  return {
    inputTokens,
    outputTokens,
    totalTokens: usage?.totalTokens ?? inputTokens + outputTokens,
  };
}

const PROVIDER_RATE_LIMITED =
  'AIプロバイダーの利用上限に達しました。しばらく待ってから再度お試しください';
const PROVIDER_FAILED = 'AIプロバイダーでエラーが発生しました。しばらくしてから再度お試しください';
const PROVIDER_UNREACHABLE =
  'AIプロバイダーに接続できませんでした。しばらくしてから再度お試しください';
const PROVIDER_TIMEOUT =
  'AIプロバイダーの応答がタイムアウトしました。しばらくしてから再度お試しください';
const PROVIDER_AUTH = 'AIプロバイダーの認証に失敗しました（管理者にお問い合わせください）';
const PROVIDER_REJECTED =
  'AIプロバイダーがリクエストを受け付けませんでした（モデル名や入力内容をご確認ください）';
const UNREADABLE_OUTPUT = 'AIの応答を指定された形式で読み取れませんでした。もう一度お試しください';
const NOTHING_GENERATED = 'AIから結果が返されませんでした。もう一度お試しください';
export const PROVIDER_INCOMPLETE = 'AIの応答が途中で途切れました。もう一度お試しください';
const UNSUPPORTED = 'このモデルでは利用できない機能です（モデルや指定内容をご確認ください）';

function isTimeout(error: unknown): boolean {
  const name = (error as Error | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** The provider's own `Retry-After` (seconds or an HTTP date), passed on to our client. */
export function providerRetryAfter(
  headers: Record<string, string> | undefined,
  now = Date.now(),
): number | undefined {
  const raw = Object.entries(headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'retry-after',
  )?.[1];
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(Math.ceil(seconds), 3600);
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(1, Math.ceil((date - now) / 1000)), 3600);
}

/**
 * A stream the provider ended without saying it was done (the SDK's `interrupted`): what came
 * may be cut short, so the call fails as a provider failure instead of passing as finished.
 */
export async function refuseInterrupted(finishReason: PromiseLike<string>): Promise<void> {
  if ((await finishReason) === 'interrupted') throw new HttpError(502, PROVIDER_INCOMPLETE);
}

/**
 * Provider failures as the statuses a client can act on: the provider's 429 is our 429,
 * its 5xx or an answer broken off a 502, no answer or a timeout a 503, a request it refuses a 400. Anything not
 * recognised is rethrown and becomes a logged 500.
 */
export function toHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const cause = RetryError.isInstance(error) ? (error.lastError ?? error) : error;
  if (cause instanceof HttpError) return cause;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    // The provider answered 200 and the body then broke off (connection dropped mid-stream).
    if (status !== undefined && status >= 200 && status < 300)
      return new HttpError(502, PROVIDER_INCOMPLETE, { cause: error });
    if (status === 429) {
      return new HttpError(429, PROVIDER_RATE_LIMITED, {
        cause: error,
        retryAfterSeconds: providerRetryAfter(cause.responseHeaders),
      });
    }
    if (status === 401 || status === 403)
      return new HttpError(502, PROVIDER_AUTH, { cause: error });
    if (status === 408 || status === 504)
      return new HttpError(503, PROVIDER_TIMEOUT, { cause: error });
    if (status !== undefined && status >= 500)
      return new HttpError(502, PROVIDER_FAILED, { cause: error });
    if (status !== undefined && status >= 400)
      return new HttpError(400, PROVIDER_REJECTED, { cause: error });
    if (isTimeout(cause.cause)) return new HttpError(503, PROVIDER_TIMEOUT, { cause: error });
    return new HttpError(503, PROVIDER_UNREACHABLE, { cause: error });
  }
  if (isTimeout(cause)) return new HttpError(503, PROVIDER_TIMEOUT, { cause: error });
  if (
    NoObjectGeneratedError.isInstance(cause) ||
    NoOutputGeneratedError.isInstance(cause) ||
    TypeValidationError.isInstance(cause) ||
    JSONParseError.isInstance(cause)
  ) {
    return new HttpError(502, UNREADABLE_OUTPUT, { cause: error });
  }
  // A stream that ended without a finish reason (openai-compatible servers).
  if (InvalidResponseDataError.isInstance(cause)) {
    return new HttpError(502, PROVIDER_INCOMPLETE, { cause: error });
  }
  if (
    NoContentGeneratedError.isInstance(cause) ||
    NoImageGeneratedError.isInstance(cause) ||
    NoSpeechGeneratedError.isInstance(cause) ||
    NoTranscriptGeneratedError.isInstance(cause)
  ) {
    return new HttpError(502, NOTHING_GENERATED, { cause: error });
  }
  if (UnsupportedFunctionalityError.isInstance(cause)) {
    return new HttpError(400, UNSUPPORTED, { cause: error });
  }
  if (InvalidPromptError.isInstance(cause) || InvalidArgumentError.isInstance(cause)) {
    return new HttpError(400, PROVIDER_REJECTED, { cause: error });
  }
  return error;
}

/**
 * One accepted AI API call: the address must be confirmed (403 otherwise), then it counts per
 * minute and per Japanese day, with a lower daily allowance for accounts that never bought
 * credits (docs/adr/025).
 */
export async function meterAiApiCall(db: DbOrTx, userId: string): Promise<void> {
  await requireConfirmedAddress(db, userId);
  await consumeRateLimit(db, `ai-api:${userId}`, {
    limit: AI_API_LIMITS.perMinute,
    windowSeconds: 60,
    message: AI_QUOTA_MINUTE,
  });
  await consumeDailyAllowance(
    db,
    `ai-api-day:${userId}`,
    await aiApiDailyLimit(db, userId),
    AI_QUOTA_DAY,
  );
}
