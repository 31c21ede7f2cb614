import type { PublicConfig } from '../../shared/public-config.ts';

const ENVIRONMENTS = new Set(['development', 'production', 'test']);

function isRecordOfStrings(
  value: unknown,
  keys: readonly string[],
): value is Record<string, string> {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return keys.every((key) => typeof record[key] === 'string');
}

/**
 * The same check as publicConfigSchema, without zod: the legal pages read this config, and
 * zod would double the JavaScript those pages load.
 */
export function parsePublicConfig(body: unknown): PublicConfig {
  const valid =
    isRecordOfStrings(body, ['brandName', 'projectId', 'environment', 'supportEmail']) &&
    ENVIRONMENTS.has(body.environment!) &&
    isRecordOfStrings((body as Record<string, unknown>).seller, [
      'name',
      'representative',
      'address',
      'phone',
      'email',
    ]);
  if (!valid) throw new Error('サーバーの設定を読み込めませんでした');
  const config = body as unknown as PublicConfig;
  const { seller } = config;
  const payment = isRecordOfStrings(config.payment, ['methods', 'timing'])
    ? { payment: { methods: config.payment.methods, timing: config.payment.timing } }
    : {};
  return {
    brandName: config.brandName,
    projectId: config.projectId,
    environment: config.environment,
    supportEmail: config.supportEmail,
    seller: {
      name: seller.name,
      representative: seller.representative,
      address: seller.address,
      phone: seller.phone,
      email: seller.email,
    },
    ...payment,
  };
}
