import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { MAX_CONCURRENT_CRAWLS_PER_HOST, MAX_PAGES_PER_HOST_PER_MINUTE } from '../shared/limits.ts';

/**
 * Every setting the server reads. The names in docs/product-decisions.md §9 are a contract with outside
 * tests: keep them. Everything is optional so that `npm start` works with no
 * configuration (embedded defaults, docs/product-decisions.md §6).
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const optionalUrl = optionalString.pipe(
  z.url({ message: '有効なURLを指定してください' }).optional(),
);

/** Stripe Checkout payment methods this server knows how to ask for (ADR 033). */
export const STRIPE_PAYMENT_METHODS = ['card', 'konbini', 'customer_balance'] as const;
export type StripePaymentMethod = (typeof STRIPE_PAYMENT_METHODS)[number];

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Proxies in front of the server whose X-Forwarded-For may be trusted (0 = none). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  PUBLIC_URL: optionalUrl,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'postgres:// で始まる接続文字列を指定してください')
      .optional(),
  ),
  JWT_SECRET: optionalString.pipe(
    z.string().min(32, '32文字以上のランダムな文字列を指定してください').optional(),
  ),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl,
  ANTHROPIC_MODEL: z.string().default('claude-sonnet-4-5'),
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  GOOGLE_MODEL: z.string().default('gemini-2.5-pro'),
  OPENAI_COMPATIBLE_BASE_URL: optionalUrl,
  OPENAI_COMPATIBLE_MODEL: optionalString,
  OPENAI_COMPATIBLE_API_KEY: optionalString,
  /**
   * Further model ids users may name (comma-separated), besides each provider's configured
   * *_MODEL; any other id is refused so nobody spends the operator's key on a model not chosen.
   */
  AI_ALLOWED_MODELS: optionalString,
  AI_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** Media models for the AI API (OpenAI, or the OpenAI-compatible server when no OpenAI key). */
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1'),
  OPENAI_SPEECH_MODEL: z.string().default('gpt-4o-mini-tts'),
  OPENAI_TRANSCRIPTION_MODEL: z.string().default('whisper-1'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** A Stripe-compatible API host (a local stand-in for end-to-end tests); unset = Stripe. */
  STRIPE_API_BASE: optionalUrl,
  /**
   * What Stripe Checkout offers (ADR 033): `automatic` (the default) leaves it to the payment
   * methods enabled in the Stripe Dashboard; a list asks for exactly those, e.g.
   * `card,konbini,customer_balance` (customer_balance = 銀行振込 to a Japanese virtual account).
   */
  STRIPE_PAYMENT_METHODS: optionalString.transform((value, ctx) => {
    if (value === undefined || value === 'automatic') return 'automatic' as const;
    const methods = [...new Set(value.split(',').map((method) => method.trim()))].filter(Boolean);
    const unknown = methods.filter(
      (method) => !(STRIPE_PAYMENT_METHODS as readonly string[]).includes(method),
    );
    if (methods.length === 0 || unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `automatic、または ${STRIPE_PAYMENT_METHODS.join('、')} をカンマ区切りで指定してください${unknown.length > 0 ? `（不明: ${unknown.join('、')}）` : ''}`,
      });
      return z.NEVER;
    }
    return methods as StripePaymentMethod[];
  }),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('FAQ工房 <no-reply@faq-kobo.example>'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: z.string().default('auto'),
  FETCH_ALLOW_PRIVATE: booleanFlag,
  CRAWL_MAX_PAGES: z.coerce.number().int().min(1).max(30).default(10),
  /** Per-site crawl limits, all users together (generation-limits.ts); defaults in shared/limits.ts. */
  CRAWL_HOST_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(MAX_CONCURRENT_CRAWLS_PER_HOST),
  CRAWL_HOST_PAGES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(30)
    .max(100_000)
    .default(MAX_PAGES_PER_HOST_PER_MINUTE),
  /**
   * How often an open realtime socket is pinged and its token asked again whether it is still
   * honoured (a password change, suspension or deletion closes it within one beat).
   */
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(200).max(300_000).default(30_000),
  /**
   * A generation job whose model calls found every provider busy or unreachable, or whose
   * process died, is tried again this many times, after this many seconds doubling each time
   * (docs/adr/038); after the last, it ends keeping what was produced.
   */
  GENERATION_JOB_RETRIES: z.coerce.number().int().min(0).max(20).default(3),
  GENERATION_JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /**
   * At SIGTERM, how long running jobs may finish (a model call under way) before the rest is
   * handed back to the queue for another process or the next start (docs/adr/038).
   */
  JOB_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  /** Chromium for pages rendered by JavaScript; empty turns rendering off. */
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  /** A SearXNG-compatible JSON search endpoint for the data API's search. */
  SEARCH_API_URL: optionalUrl,
  SEARCH_API_KEY: optionalString,
  OPERATOR_API_KEY: optionalString,
  PROJECT_ID: z.string().min(1).default('faq-kobo'),
  BRAND_NAME: z.string().default('FAQ工房'),
  SELLER_NAME: z.string().default('株式会社FAQ工房'),
  SELLER_REPRESENTATIVE: z.string().default('代表取締役 山田 太郎'),
  SELLER_ADDRESS: z.string().default('〒100-0005 東京都千代田区丸の内1-1-1'),
  SELLER_PHONE: z.string().default('03-0000-0000（受付時間 平日10:00〜17:00）'),
  SUPPORT_EMAIL: z.string().default('support@faq-kobo.example'),
  /** 適格請求書発行事業者の登録番号 printed on receipts. */
  SELLER_REGISTRATION_NUMBER: optionalString.pipe(
    z
      .string()
      .regex(/^T\d{13}$/, 'T に続く13桁の数字で指定してください（例: T1234567890123）')
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  publicUrl: string;
  isProduction: boolean;
  jwtSecret: string;
  dataDir: string;
  /**
   * The registration number receipts print, or null: production has no sample, and a
   * seller without one issues plain receipts rather than an invoice with a made-up number.
   */
  sellerRegistrationNumber: string | null;
}

/** Printed outside production so the receipt layout can be seen; never a real number. */
export const SAMPLE_REGISTRATION_NUMBER = 'T1234567890123';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads `.env` (optional) without overriding variables already set in the environment. */
export function loadDotEnv(file = '.env'): void {
  if (!existsSync(file)) return;
  process.loadEnvFile(file);
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  - ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`設定値が正しくありません:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * The signing secret must survive restarts, or every user would be signed out. In embedded
 * mode it is generated once and kept in the data directory; production must configure it.
 */
function resolveJwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.NODE_ENV === 'production') {
    throw new ConfigError('本番環境では JWT_SECRET を設定してください（32文字以上）');
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Whether a customer's browser could open the address: not localhost, a loopback, unspecified,
 * private or link-local address, where mail and payment links would lead nowhere.
 */
function reachableFromOutside(url: string): boolean {
  const host = new URL(url).hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  if (!ipaddr.isValid(host)) return true;
  let address = ipaddr.parse(host);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  return address.range() === 'unicast';
}

export function buildConfig(env: Env): Config {
  const dataDir = path.resolve(env.DATA_DIR);
  // Mail links, referral links and payment return addresses are built from it: a localhost
  // default would send real customers nowhere.
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    throw new ConfigError(
      '本番環境では PUBLIC_URL を設定してください（例: https://faq.example.jp）',
    );
  }
  if (env.NODE_ENV === 'production' && env.PUBLIC_URL && !reachableFromOutside(env.PUBLIC_URL)) {
    throw new ConfigError(
      `本番環境の PUBLIC_URL（${env.PUBLIC_URL}）がこのサーバー内や社内向けのアドレスです。` +
        'お客様が開ける公開アドレスを設定してください（例: https://faq.example.jp）',
    );
  }
  return {
    ...env,
    dataDir,
    isProduction: env.NODE_ENV === 'production',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    jwtSecret: resolveJwtSecret(env, dataDir),
    sellerRegistrationNumber:
      env.SELLER_REGISTRATION_NUMBER ??
      (env.NODE_ENV === 'production' ? null : SAMPLE_REGISTRATION_NUMBER),
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return buildConfig(parseEnv(source));
}
