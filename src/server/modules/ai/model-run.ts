import type { LimitFunction } from 'p-limit';
import type { z } from 'zod';
import { ANSWER_LENGTHS, type AnswerLength } from '../../../shared/limits.ts';
import type { ResolvedEngine } from './providers.ts';
import { callStructured, isTransientProviderError, type TokenUsage } from './structured.ts';

/** One generation's access to the models: the engine chosen, its fallbacks, shared limits. */
export interface AiRun {
  engine: ResolvedEngine;
  /** Models tried in order (`auto`: every configured provider); empty for the offline engine. */
  chain: Extract<ResolvedEngine, { kind: 'model' }>[];
  limiter: LimitFunction;
  usage: TokenUsage;
  customInstructions?: string | undefined;
  /** Aborted when the record is deleted: queued calls never start, running ones stop. */
  signal?: AbortSignal | undefined;
  /**
   * Calls that failed because every provider was busy or unreachable (after their own
   * retries): a job seeing any tries the work again later instead of settling for the failure.
   */
  transientFailures?: number;
}

export interface ModelAnswer {
  answer: string;
  /** Which model produced it ('openai:gpt-4o-mini'), kept with the FAQ. */
  model: string;
  /** Specific figures nothing backs, still in the answer after it was written once more. */
  unverified?: string[];
  /** The specific figures of the first answer that had it written once more. */
  rewrittenFor?: string[];
}

export const modelLabel = (engine: Extract<ResolvedEngine, { kind: 'model' }>) =>
  `${engine.provider}:${engine.modelId}`;

const SYSTEM = [
  'あなたは日本の中小企業のFAQ（よくある質問）作成を支援する編集者です。',
  '自然で丁寧な日本語（です・ます調）で書きます。',
  '事実は与えられた資料の範囲に限り、資料にないことを推測で断定しません。',
].join('\n');

export function system(run: AiRun): string {
  return run.customInstructions
    ? `${SYSTEM}\n\n利用者からの追加指示:\n${run.customInstructions}`
    : SYSTEM;
}

export function lengthRule(length: AnswerLength): string {
  const { min, max } = ANSWER_LENGTHS[length];
  return `各回答は${min}〜${max}文字程度にしてください。`;
}

/** Outside the chosen range by more than 30 %: worth asking once more. */
export function lengthOff(answer: string, length: AnswerLength): boolean {
  const { min, max } = ANSWER_LENGTHS[length];
  return answer.length < min * 0.7 || answer.length > max * 1.3;
}

/**
 * A schema-valid object from the first model of the chain that gives one: each model retries
 * 429s, 5xx, timeouts and invalid output itself, then the next configured model answers.
 */
export async function callOnChain<SCHEMA extends z.ZodType>(
  run: AiRun,
  call: { schema: SCHEMA; system: string; prompt: string },
): Promise<{ output: z.infer<SCHEMA>; model: string }> {
  const chain = run.chain.length > 0 ? run.chain : run.engine.kind === 'model' ? [run.engine] : [];
  let lastError: unknown = new Error('no model configured');
  for (const [position, engine] of chain.entries()) {
    // A stopped run asks no further model.
    run.signal?.throwIfAborted();
    try {
      const output = await callStructured({
        ...call,
        model: engine.model,
        signal: run.signal,
        limiter: run.limiter,
        usage: run.usage,
        // With another model behind this one, fail over sooner than a lone model would give up.
        maxAttempts: position < chain.length - 1 ? 2 : 4,
      });
      return { output, model: modelLabel(engine) };
    } catch (error) {
      lastError = error;
    }
  }
  if (isTransientProviderError(lastError) && !run.signal?.aborted)
    run.transientFailures = (run.transientFailures ?? 0) + 1;
  throw lastError;
}
