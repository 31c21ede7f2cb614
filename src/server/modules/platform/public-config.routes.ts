import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '../../../shared/public-config.ts';
import type { Config } from '../../config.ts';

const METHOD_LABELS = {
  card: 'クレジットカード決済',
  konbini: 'コンビニ決済',
  customer_balance: '銀行振込',
} as const;

/**
 * 支払方法 and 支払時期 for the legal notice. With `automatic` (or the demo checkout) the
 * server cannot know what the Stripe Dashboard enables, so it states card only, as before;
 * an operator offering more lists them in STRIPE_PAYMENT_METHODS (ADR 033).
 */
export function paymentTermsOf(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PAYMENT_METHODS'>,
): { methods: string; timing: string } {
  const listed =
    config.STRIPE_SECRET_KEY && config.STRIPE_PAYMENT_METHODS !== 'automatic'
      ? config.STRIPE_PAYMENT_METHODS
      : (['card'] as const);
  const later = listed.filter((method) => method !== 'card').map((method) => METHOD_LABELS[method]);
  const card = listed.includes('card');
  return {
    methods: listed.map((method) => METHOD_LABELS[method]).join('、'),
    timing: [
      card
        ? `${later.length > 0 ? 'クレジットカード決済は' : ''}ご購入手続きの完了時にお支払いが確定します。`
        : '',
      later.length > 0
        ? `${later.join('・')}は、決済画面に表示されるお支払い期限までにお支払いください。`
        : '',
    ].join(''),
  };
}

/** What the browser may know of the server's settings (also filled into pre-rendered pages). */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    brandName: config.BRAND_NAME,
    projectId: config.PROJECT_ID,
    environment: config.NODE_ENV,
    supportEmail: config.SUPPORT_EMAIL,
    seller: {
      name: config.SELLER_NAME,
      representative: config.SELLER_REPRESENTATIVE,
      address: config.SELLER_ADDRESS,
      phone: config.SELLER_PHONE,
      email: config.SUPPORT_EMAIL,
    },
    payment: paymentTermsOf(config),
  };
}

export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    { schema: { response: { 200: publicConfigSchema } } },
    async (): Promise<PublicConfig> => publicConfigOf(app.config),
  );
};
