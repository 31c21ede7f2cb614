import { z } from 'zod';

export const AI_PROVIDER_IDS = [
  'auto',
  'openai',
  'anthropic',
  'google',
  'openai-compatible',
] as const;
export type AiProviderId = (typeof AI_PROVIDER_IDS)[number];

export const aiSettingsSchema = z.object({
  provider: z.enum(AI_PROVIDER_IDS).default('auto'),
  model: z.string().trim().max(100).optional(),
  customInstructions: z
    .string()
    .trim()
    .max(2000, 'カスタム指示は2000文字以内で入力してください')
    .optional(),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

export const aiProviderInfoSchema = z.object({
  id: z.enum(AI_PROVIDER_IDS),
  label: z.string(),
  model: z.string(),
  available: z.boolean(),
  /** Credits per token (docs/spec.md §3), shown to 4 decimals. */
  costPerToken: z.number(),
  recommended: z.boolean(),
  /** True when `auto` resolves to the built-in offline engine. */
  offline: z.boolean(),
});
export type AiProviderInfo = z.infer<typeof aiProviderInfoSchema>;

/** GET /api/ai/providers: what can be chosen, and the user's saved choice. */
export const aiProvidersResponseSchema = z.object({
  providers: z.array(aiProviderInfoSchema),
  selected: z.string(),
  customInstructions: z.string(),
});
export type AiProvidersResponse = z.infer<typeof aiProvidersResponseSchema>;

/** A model id the operator has not listed (AI_ALLOWED_MODELS or a provider's *_MODEL). */
export function modelNotAllowedMessage(modelId: string): string {
  return `モデル「${modelId.slice(0, 100)}」は利用できません。管理者が設定したモデルを指定するか、モデルの指定を外してください`;
}

export const OFFLINE_ENGINE_LABEL = 'オフライン簡易エンジン';

export function formatTokenCost(cost: number): string {
  return cost.toFixed(4);
}

/** Structured outputs (docs/spec.md §7). */
export const questionsOutputSchema = z.object({ questions: z.array(z.string()) });
/** Each answer names the passages it rests on by their numbers in the prompt ([1], [2] …). */
export const answersOutputSchema = z.object({
  answers: z.array(z.object({ answer: z.string(), evidence: z.array(z.number().int()) })),
});
export const expertOutputSchema = z.object({ answer: z.string() });
export const integratedOutputSchema = z.object({ integratedAnswer: z.string() });
