import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startFakeStripe } from '../../../../tests/helpers/fake-stripe.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { ConfigError, parseEnv } from '../../config.ts';
import { paymentTermsOf } from '../platform/public-config.routes.ts';
import { users } from '../../db/schema.ts';
import { checkoutPaymentMethodParams } from './payments.service.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';

async function stripeApp(methods: string | undefined) {
  const stripeApi = await startFakeStripe();
  const t = await createTestApp(
    {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_URL: 'https://faq.example.jp',
      ...(methods === undefined ? {} : { STRIPE_PAYMENT_METHODS: methods }),
    },
    { payments: { stripeOptions: { host: '127.0.0.1', port: stripeApi.port, protocol: 'http' } } },
  );
  return { t, stripeApi };
}

const checkout = (t: TestApp, user: SeededUser, planId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/checkout',
    headers: user.headers,
    payload: { planId },
  });

const allowed = (form: URLSearchParams) =>
  [...form.entries()]
    .filter(([key]) => key.startsWith('allowed_payment_method_types'))
    .map(([, value]) => value);

describe('Stripe Checkout payment methods (STRIPE_PAYMENT_METHODS)', () => {
  describe('card, コンビニ and 銀行振込', () => {
    let app: Awaited<ReturnType<typeof stripeApp>>;
    beforeAll(async () => {
      app = await stripeApp('card,konbini,customer_balance');
    });
    afterAll(async () => {
      await app.t.close();
      await app.stripeApi.close();
    });

    it('allows the three where the account has them, with a Japanese bank transfer to one kept Customer', async () => {
      const { t, stripeApi } = app;
      const user = await seedUser(t.app);
      expect((await checkout(t, user, 'light')).statusCode).toBe(200);
      const form = stripeApi.created.at(-1)!;
      expect(allowed(form)).toEqual(['card', 'konbini', 'customer_balance']);
      // The pinned API version refuses the old fixed list.
      expect([...form.keys()].some((key) => key.startsWith('payment_method_types'))).toBe(false);
      expect(form.get('payment_method_options[customer_balance][funding_type]')).toBe(
        'bank_transfer',
      );
      expect(form.get('payment_method_options[customer_balance][bank_transfer][type]')).toBe(
        'jp_bank_transfer',
      );
      // Bank transfers need a Customer; Stripe takes it instead of customer_email.
      expect(stripeApi.customers).toHaveLength(1);
      expect(stripeApi.customers[0]!.form.get('email')).toBe(user.email);
      expect(stripeApi.customers[0]!.form.get('metadata[user_id]')).toBe(user.id);
      expect(stripeApi.customers[0]!.idempotencyKey).toContain(user.id);
      expect(form.get('customer')).toBe('cus_test_1');
      expect(form.has('customer_email')).toBe(false);
      const [row] = await t.app.db
        .select({ customer: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, user.id));
      expect(row!.customer).toBe('cus_test_1');

      // The next purchase (another plan: a new page) names the same Customer.
      expect((await checkout(t, user, 'standard')).statusCode).toBe(200);
      expect(stripeApi.customers).toHaveLength(1);
      expect(stripeApi.created.at(-1)!.get('customer')).toBe('cus_test_1');
    });

    it('an unpaid completion (コンビニ/振込 pending) credits nothing until the payment succeeds', async () => {
      const { t, stripeApi } = app;
      const signer = new Stripe('sk_test_signer');
      const user = await seedUser(t.app);
      const response = await checkout(t, user, 'light');
      const sessionId = String(response.json().url).split('/').pop()!;
      expect(sessionId).toBe(`cs_test_${stripeApi.created.length}`);
      const send = (type: string, paymentStatus: string) => {
        const payload = JSON.stringify({
          id: `evt_${type}_${sessionId}`,
          object: 'event',
          type,
          data: {
            object: {
              id: sessionId,
              object: 'checkout.session',
              payment_status: paymentStatus,
              payment_intent: `pi_${sessionId}`,
              amount_total: 1000,
              currency: 'jpy',
              metadata: { plan_id: 'light', user_id: user.id, credits: '100' },
            },
          },
        });
        return t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': signer.webhooks.generateTestHeaderString({
              payload,
              secret: WEBHOOK_SECRET,
            }),
          },
          payload,
        });
      };
      const balance = async () =>
        (
          await t.app.db.select({ credits: users.credits }).from(users).where(eq(users.id, user.id))
        )[0]!.credits;
      const back = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/return',
          headers: user.headers,
          payload: { sessionId },
        });
      expect((await back()).json()).toMatchObject({ status: 'pending', notify: false });
      expect((await send('checkout.session.completed', 'unpaid')).statusCode).toBe(200);
      expect(await balance()).toBe(0);
      // The buyer back from the page is told the credits wait for the payment.
      expect((await back()).json()).toMatchObject({ status: 'awaiting_payment', notify: false });
      expect((await send('checkout.session.async_payment_succeeded', 'paid')).statusCode).toBe(200);
      expect(await balance()).toBe(100);
      expect((await back()).json()).toMatchObject({ status: 'completed', notify: true });
    });

    it('the legal notice (特定商取引法に基づく表記) names every listed method and when each is paid', async () => {
      const config = await app.t.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().payment).toEqual({
        methods: 'クレジットカード決済、コンビニ決済、銀行振込',
        timing:
          'クレジットカード決済はご購入手続きの完了時にお支払いが確定します。コンビニ決済・銀行振込は、決済画面に表示されるお支払い期限までにお支払いください。',
      });
    });
  });

  describe('a list without 銀行振込', () => {
    let app: Awaited<ReturnType<typeof stripeApp>>;
    beforeAll(async () => {
      app = await stripeApp('card, konbini');
    });
    afterAll(async () => {
      await app.t.close();
      await app.stripeApi.close();
    });

    it('filters to those methods and needs no Customer', async () => {
      const user = await seedUser(app.t.app);
      expect((await checkout(app.t, user, 'light')).statusCode).toBe(200);
      const form = app.stripeApi.created.at(-1)!;
      expect(allowed(form)).toEqual(['card', 'konbini']);
      expect(form.get('customer_email')).toBe(user.email);
      expect(form.has('customer')).toBe(false);
      expect([...form.keys()].some((key) => key.startsWith('payment_method_options'))).toBe(false);
      expect(app.stripeApi.customers).toHaveLength(0);
    });
  });

  it('is automatic when unset: no filter, the Dashboard decides (an account with card only still works)', () => {
    expect(parseEnv({}).STRIPE_PAYMENT_METHODS).toBe('automatic');
    expect(checkoutPaymentMethodParams('automatic')).toEqual({});
    // What the Dashboard enables is unknown here: the legal notice keeps saying card.
    expect(
      paymentTermsOf({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PAYMENT_METHODS: 'automatic' }),
    ).toEqual({
      methods: 'クレジットカード決済',
      timing: 'ご購入手続きの完了時にお支払いが確定します。',
    });
    expect(parseEnv({ STRIPE_PAYMENT_METHODS: 'automatic' }).STRIPE_PAYMENT_METHODS).toBe(
      'automatic',
    );
    expect(
      parseEnv({ STRIPE_PAYMENT_METHODS: 'card,card,konbini' }).STRIPE_PAYMENT_METHODS,
    ).toEqual(['card', 'konbini']);
  });

  it('refuses a method it does not know, in Japanese, at start-up', () => {
    expect(() => parseEnv({ STRIPE_PAYMENT_METHODS: 'card,paypay' })).toThrow(ConfigError);
    expect(() => parseEnv({ STRIPE_PAYMENT_METHODS: 'card,paypay' })).toThrow(/不明: paypay/);
    expect(() => parseEnv({ STRIPE_PAYMENT_METHODS: ',' })).toThrow(/カンマ区切り/);
  });
});
