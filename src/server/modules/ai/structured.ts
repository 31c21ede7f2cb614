import { APICallError, generateText, Output, type LanguageModel } from 'ai';
import pLimit, { type LimitFunction } from 'p-limit';
import type { z } from 'zod';
import { toWellFormedDeep } from '../../../shared/safe-input.ts';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  calls: number;
}

export const emptyUsage = (): TokenUsage => ({ inputTokens: 0, outputTokens: 0, calls: 0 });

const limiters = new Map<number, LimitFunction>();
/** One limiter per process and concurrency: every generation shares AI_CONCURRENCY slots. */
export function aiLimiter(concurrency: number): LimitFunction {
  let limiter = limiters.get(concurrency);
  if (!limiter) {
    limiter = pLimit(concurrency);
    limiters.set(concurrency, limiter);
  }
  return limiter;
}

export interface StructuredCall<SCHEMA extends z.ZodType> {
  model: LanguageModel;
  schema: SCHEMA;
  system: string;
  prompt: string;
  limiter: LimitFunction;
  usage: TokenUsage;
  timeoutMs?: number;
  maxAttempts?: number;
  /** The run's stop signal: a call waiting for a slot never starts, a running one is aborted. */
  signal?: AbortSignal | undefined;
}

function retryDelayMs(error: unknown, attempt: number): number {
  const headers = error instanceof APICallError ? error.responseHeaders : undefined;
  const retryAfter = Number(headers?.['retry-after']);
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(retryAfter * 1000, 20_000);
  // Exponential backoff with jitter: 0.5 s, 1 s, 2 s … plus up to 250 ms.
  return 500 * 2 ** attempt + Math.random() * 250;
}

function isRetryable(error: unknown): boolean {
  if (error instanceof APICallError) {
    return error.isRetryable || error.statusCode === 429 || (error.statusCode ?? 0) >= 500;
  }
  const name = (error as Error)?.name ?? '';
  // Timeouts, dropped connections and a malformed structured answer are worth another try.
  return (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    name.includes('NoObjectGenerated') ||
    name.includes('TypeValidation') ||
    name === 'AI_RetryError'
  );
}

/**
 * The provider was busy or unreachable (429, 5xx, a timeout or a dropped connection), as
 * opposed to refusing the request: worth trying again later, which the job queue does.
 */
export function isTransientProviderError(error: unknown): boolean {
  if (error instanceof APICallError)
    return error.isRetryable || error.statusCode === 429 || (error.statusCode ?? 0) >= 500;
  const name = (error as Error)?.name ?? '';
  return name === 'TimeoutError' || name === 'AI_RetryError';
}

/** A schema-validated object from the model, with bounded retries on 429, 5xx and timeouts. */
export async function callStructured<SCHEMA extends z.ZodType>(
  call: StructuredCall<SCHEMA>,
): Promise<z.infer<SCHEMA>> {
  const maxAttempts = call.maxAttempts ?? 4;
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await call.limiter(() => {
        call.signal?.throwIfAborted();
        const timeout = AbortSignal.timeout(call.timeoutMs ?? 90_000);
        return generateText({
          model: call.model,
          system: call.system,
          prompt: call.prompt,
          output: Output.object({ schema: call.schema }),
          maxRetries: 0,
          abortSignal: call.signal ? AbortSignal.any([timeout, call.signal]) : timeout,
        });
      });
      call.usage.calls++;
      call.usage.inputTokens += result.usage.inputTokens ?? 0;
      call.usage.outputTokens += result.usage.outputTokens ?? 0;
      return toWellFormedDeep(result.output as z.infer<SCHEMA>);
    } catch (error) {
      if (call.signal?.aborted) throw call.signal.reason;
      call.usage.calls++;
      if (attempt + 1 >= maxAttempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(error, attempt)));
    }
  }
}
