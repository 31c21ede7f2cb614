import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import {
  modelNotAllowedMessage,
  OFFLINE_ENGINE_LABEL,
  type AiProviderId,
  type AiProviderInfo,
} from '../../../shared/ai.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../lib/http-error.ts';

export type ResolvedEngine =
  | {
      kind: 'model';
      provider: Exclude<AiProviderId, 'auto'>;
      modelId: string;
      model: LanguageModel;
    }
  | { kind: 'offline' };

const LABELS: Record<AiProviderId, string> = {
  auto: 'おすすめ（自動選択）',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  'openai-compatible': 'OpenAI互換（Ollama・vLLMなど）',
};
const COST_PER_TOKEN: Record<AiProviderId, number> = {
  auto: 0.001,
  openai: 0.001,
  anthropic: 0.002,
  google: 0.0015,
  'openai-compatible': 0.001,
};

function isConfigured(config: Config, provider: Exclude<AiProviderId, 'auto'>): boolean {
  switch (provider) {
    case 'openai':
      return Boolean(config.OPENAI_API_KEY);
    case 'anthropic':
      return Boolean(config.ANTHROPIC_API_KEY);
    case 'google':
      return Boolean(config.GOOGLE_GENERATIVE_AI_API_KEY);
    case 'openai-compatible':
      return Boolean(config.OPENAI_COMPATIBLE_BASE_URL && config.OPENAI_COMPATIBLE_MODEL);
  }
}

function defaultModel(config: Config, provider: Exclude<AiProviderId, 'auto'>): string {
  switch (provider) {
    case 'openai':
      return config.OPENAI_MODEL;
    case 'anthropic':
      return config.ANTHROPIC_MODEL;
    case 'google':
      return config.GOOGLE_MODEL;
    case 'openai-compatible':
      return config.OPENAI_COMPATIBLE_MODEL ?? '';
  }
}

function createModel(
  config: Config,
  provider: Exclude<AiProviderId, 'auto'>,
  modelId: string,
): LanguageModel {
  switch (provider) {
    case 'openai':
      // Chat completions: also what OpenAI-compatible gateways and our test server speak.
      return createOpenAI({
        apiKey: config.OPENAI_API_KEY,
        ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
      }).chat(modelId);
    case 'anthropic':
      return createAnthropic({
        apiKey: config.ANTHROPIC_API_KEY,
        ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}),
      })(modelId);
    case 'google':
      return createGoogleGenerativeAI({ apiKey: config.GOOGLE_GENERATIVE_AI_API_KEY })(modelId);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.OPENAI_COMPATIBLE_BASE_URL!,
        ...(config.OPENAI_COMPATIBLE_API_KEY ? { apiKey: config.OPENAI_COMPATIBLE_API_KEY } : {}),
        supportsStructuredOutputs: true,
      }).chatModel(modelId);
  }
}

const AUTO_ORDER: Exclude<AiProviderId, 'auto'>[] = [
  'openai',
  'anthropic',
  'google',
  'openai-compatible',
];

/** Ids the operator lets users name (AI_ALLOWED_MODELS), besides each configured default. */
export function extraAllowedModels(config: Config): string[] {
  return (config.AI_ALLOWED_MODELS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/**
 * A model named by a user is used only when the operator listed it: its default model for
 * that capability, or AI_ALLOWED_MODELS. Anything else is a 400 and never reaches a provider.
 */
export function assertModelAllowed(config: Config, defaultId: string, requested?: string): string {
  if (!requested || requested === defaultId) return defaultId;
  if (extraAllowedModels(config).includes(requested)) return requested;
  throw new HttpError(400, modelNotAllowedMessage(requested));
}

/** `auto` takes the first configured provider, else the offline engine (docs/product-decisions.md §3). */
export function resolveEngine(
  config: Config,
  provider: AiProviderId,
  model?: string,
): ResolvedEngine {
  if (provider === 'auto') {
    const chosen = AUTO_ORDER.find((candidate) => isConfigured(config, candidate));
    if (!chosen) return { kind: 'offline' };
    const modelId = defaultModel(config, chosen);
    return {
      kind: 'model',
      provider: chosen,
      modelId,
      model: createModel(config, chosen, modelId),
    };
  }
  if (!isConfigured(config, provider)) {
    throw new HttpError(
      400,
      `AIプロバイダー「${LABELS[provider]}」は設定されていません。「おすすめ」を選択するか、管理者にお問い合わせください`,
    );
  }
  const modelId = assertModelAllowed(config, defaultModel(config, provider), model);
  return { kind: 'model', provider, modelId, model: createModel(config, provider, modelId) };
}

export function listProviders(config: Config): AiProviderInfo[] {
  const autoEngine = resolveEngine(config, 'auto');
  return (['auto', ...AUTO_ORDER] as AiProviderId[]).map((id) => {
    const available = id === 'auto' || isConfigured(config, id);
    const model =
      id === 'auto'
        ? autoEngine.kind === 'offline'
          ? OFFLINE_ENGINE_LABEL
          : autoEngine.modelId
        : defaultModel(config, id) || '未設定';
    return {
      id,
      label: LABELS[id],
      model,
      available,
      costPerToken: COST_PER_TOKEN[id],
      recommended: id === 'auto',
      offline: id === 'auto' && autoEngine.kind === 'offline',
    };
  });
}

/**
 * What answers when `auto` is chosen, in order: every configured provider, so a 429, an outage
 * or an unusable answer from one is answered by the next.
 */
export function autoChain(config: Config): Extract<ResolvedEngine, { kind: 'model' }>[] {
  return AUTO_ORDER.filter((provider) => isConfigured(config, provider)).map((provider) => {
    const modelId = defaultModel(config, provider);
    return { kind: 'model', provider, modelId, model: createModel(config, provider, modelId) };
  });
}
