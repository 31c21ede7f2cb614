import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { startFakeStripe } from '../../../../tests/helpers/fake-stripe.ts';
import { confirmEmailViaApi } from '../../../../tests/helpers/accounts.ts';
import { creditTransactions, payments, referrals, users } from '../../db/schema.ts';
import { ensureReferralCode } from '../referrals/referrals.service.ts';
import { findPlan } from '../../../shared/plans.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';

function startCheckout(t: TestApp, user: SeededUser, planId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/checkout',
    headers: user.headers,
    payload: { planId },
  });
}

async function balanceOf(t: TestApp, userId: string) {
  const [row] = await t.app.db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId));
  return row!.credits;
}

describe('demo checkout (no Stripe key)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the free plan and unknown plans, and requires sign-in', async () => {
    const user = await seedUser(t.app);
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: user.headers,
      payload: { planId: 'free' },
    });
    expect(free.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: user.headers,
      payload: { planId: 'gold' },
    });
    expect(unknown.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      payload: { planId: 'light' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows a labelled demo page and credits once through the shared path', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: user.headers,
      payload: { planId: 'standard' },
    });
    expect(checkout.statusCode).toBe(200);
    const url = new URL(checkout.json().url);
    const page = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('デモ決済 — 実際の請求は発生しません');
    expect(page.body).toContain('¥4,000');
    const status = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/payments/status?plan=standard',
        headers: user.headers,
      });
    expect((await status()).json().status).toBe('pending');

    const complete = () =>
      t.app.inject({
        method: 'POST',
        url: `${url.pathname}/complete`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    const first = await complete();
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(
      `http://localhost:3000/credits?success=true&plan=standard&session_id=${url.pathname.split('/').pop()}`,
    );
    await Promise.all([complete(), complete(), complete()]);
    expect(await balanceOf(t, user.id)).toBe(550);
    expect((await status()).json()).toMatchObject({ status: 'completed', credits: 500 });
    const credits = await t.app.inject({
      method: 'GET',
      url: '/api/credits',
      headers: user.headers,
    });
    expect(credits.json().transactions[0]).toMatchObject({ type: 'purchase', amount: 500 });
  });

  it('hands back the open demo page of a plan, and opens a new one once it is paid', async () => {
    const user = await seedUser(t.app);
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => startCheckout(t, user, 'light')),
    );
    expect(burst.map((reply) => reply.statusCode)).toEqual(Array(12).fill(200));
    const urls = new Set(burst.map((reply) => String(reply.json().url)));
    expect(urls.size).toBe(1);
    const rows = await t.app.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows).toHaveLength(1);

    const [url] = [...urls];
    await t.app.inject({
      method: 'POST',
      url: `${new URL(url!).pathname}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const next = await startCheckout(t, user, 'light');
    expect(next.statusCode).toBe(200);
    expect(next.json().url).not.toBe(url);
  });

  it('opens at most 10 checkout pages per user and hour, with a Japanese 429', async () => {
    // Mid-hour, so the fixed hourly window cannot roll over during the test.
    const hour = 60 * 60 * 1000;
    vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / hour) * hour + hour / 2 });
    try {
      const user = await seedUser(t.app);
      for (let index = 0; index < 10; index++) {
        const opened = await startCheckout(t, user, 'light');
        expect(opened.statusCode).toBe(200);
        const response = await t.app.inject({
          method: 'POST',
          url: `${new URL(opened.json().url).pathname}/complete`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        });
        expect(response.statusCode).toBe(303);
      }
      const refused = await startCheckout(t, user, 'standard');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(
        /^購入手続きの開始が多すぎます。.*後に再試行できます）。$/,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        await t.app.db.select().from(payments).where(eq(payments.userId, user.id)),
      ).toHaveLength(10);
      expect((await startCheckout(t, await seedUser(t.app), 'standard')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('pages the ledger newest first with a cursor', async () => {
    const user = await seedUser(t.app);
    const rows = Array.from({ length: 120 }, (_, index) => ({
      id: `tx-${user.id}-${String(index).padStart(3, '0')}`,
      userId: user.id,
      type: 'others',
      amount: 0,
      description: `row ${index}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index % 3)),
    }));
    await t.app.db.insert(creditTransactions).values(rows);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${cursor}` : '';
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/credits${query}`,
        headers: user.headers,
      });
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.transactions.length).toBeLessThanOrEqual(50);
      seen.push(...body.transactions.map((row: { id: string }) => row.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/credits?cursor=%%%',
      headers: user.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Stripe checkout and webhook', () => {
  let t: TestApp;
  let stripeApi: Awaited<ReturnType<typeof startFakeStripe>>;
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    stripeApi = await startFakeStripe();
    t = await createTestApp(
      {
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PUBLIC_URL: 'https://faq.example.jp',
      },
      {
        payments: { stripeOptions: { host: '127.0.0.1', port: stripeApi.port, protocol: 'http' } },
      },
    );
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  function completedEvent(sessionId: string, userId: string, planId = 'light') {
    return JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: findPlan(planId)!.priceYen,
          currency: 'jpy',
          metadata: { plan_id: planId, user_id: userId },
        },
      },
    });
  }

  function sendWebhook(payload: string, signature: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  it('creates a Checkout Session with the spec fields', async () => {
    const user = await seedUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: user.headers,
      payload: { planId: 'standard' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const form = stripeApi.created.at(-1)!;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('customer_email')).toBe(user.email);
    expect(form.get('success_url')).toBe(
      'https://faq.example.jp/credits?success=true&plan=standard&session_id={CHECKOUT_SESSION_ID}',
    );
    expect(form.get('cancel_url')).toBe('https://faq.example.jp/pricing?canceled=true');
    expect(form.get('line_items[0][price_data][currency]')).toBe('jpy');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('4000');
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe(
      'FAQ工房 スタンダードプラン',
    );
    expect(form.get('line_items[0][price_data][product_data][description]')).toBe(
      '500クレジット付与',
    );
    expect(form.get('metadata[plan_id]')).toBe('standard');
    expect(form.get('metadata[user_id]')).toBe(user.id);
    expect(form.get('metadata[credits]')).toBe('500');
  });

  it('hands back the open Checkout page of each plan under a burst, until Stripe expires it', async () => {
    const user = await seedUser(t.app);
    const before = stripeApi.created.length;
    const plans = ['light', 'standard', 'pro'];
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, index) => startCheckout(t, user, plans[index % 3]!)),
    );
    expect(burst.every((reply) => reply.statusCode === 200)).toBe(true);
    expect(stripeApi.created.length - before).toBe(3);
    const byPlan = new Map<string, Set<string>>();
    burst.forEach((reply, index) => {
      const plan = plans[index % 3]!;
      byPlan.set(plan, (byPlan.get(plan) ?? new Set()).add(String(reply.json().url)));
    });
    expect([...byPlan.values()].map((urls) => urls.size)).toEqual([1, 1, 1]);
    // Stripe closes the page itself after the hour we ask for.
    const expiresAt = Number(stripeApi.created.at(-1)!.get('expires_at')) * 1000;
    expect(expiresAt - Date.now()).toBeGreaterThan(30 * 60 * 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

    const light = [...byPlan.get('light')!][0]!;
    const payload = JSON.stringify({
      id: `evt_expired_${light.split('/').pop()}`,
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { id: light.split('/').pop(), object: 'checkout.session' } },
    });
    const expired = await sendWebhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(expired.statusCode).toBe(200);
    const again = await startCheckout(t, user, 'light');
    expect(again.json().url).not.toBe(light);
    expect(stripeApi.created.length - before).toBe(4);
    expect((await startCheckout(t, user, 'pro')).json().url).toBe([...byPlan.get('pro')!][0]);
  });

  it('grants once however often the event arrives, and refuses forged or stale signatures', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: user.headers,
      payload: { planId: 'light' },
    });
    const sessionId = checkout.json().url.split('/').pop();
    const payload = completedEvent(sessionId, user.id);

    const forged = await sendWebhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
    );
    expect(forged.statusCode).toBe(400);
    const stale = await sendWebhook(
      payload,
      signer.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    );
    expect(stale.statusCode).toBe(400);
    expect(await balanceOf(t, user.id)).toBe(50);

    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const sequential = [];
    for (let index = 0; index < 5; index++)
      sequential.push((await sendWebhook(payload, signature)).statusCode);
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => sendWebhook(payload, signature)),
    );
    expect(
      [...sequential, ...concurrent.map((response) => response.statusCode)].every(
        (status) => status === 200,
      ),
    ).toBe(true);
    expect(await balanceOf(t, user.id)).toBe(150);
  });

  it("rewards the referrer once on the referred user's first purchase, even under a race", async () => {
    const referrer = await seedUser(t.app);
    const code = await ensureReferralCode(t.app.db, referrer.id);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `ref-${Date.now()}@example.jp`, password: 'password123', ref: code },
    });
    const buyer = signup.json().user;
    expect(await balanceOf(t, referrer.id)).toBe(0);
    // The referral counts once the new user confirms the address.
    expect((await confirmEmailViaApi(t.app, buyer.email)).statusCode).toBe(200);
    expect(await balanceOf(t, referrer.id)).toBe(10);
    const headers = { authorization: `Bearer ${signup.json().access_token}` };
    const sessions: string[] = [];
    for (const planId of ['light', 'standard']) {
      const checkout = await t.app.inject({
        method: 'POST',
        url: '/api/payments/checkout',
        headers,
        payload: { planId },
      });
      sessions.push(checkout.json().url.split('/').pop());
    }
    await Promise.all(
      sessions.flatMap((sessionId, index) => {
        const payload = completedEvent(sessionId, buyer.id, index === 0 ? 'light' : 'standard');
        const signature = signer.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        });
        return [sendWebhook(payload, signature), sendWebhook(payload, signature)];
      }),
    );
    expect(await balanceOf(t, buyer.id)).toBe(50 + 100 + 500);
    expect(await balanceOf(t, referrer.id)).toBe(20);
    const [row] = await t.app.db
      .select()
      .from(referrals)
      .where(eq(referrals.referredUserId, buyer.id));
    expect(row).toMatchObject({ status: 'rewarded', purchaseBonusGiven: 1, signupBonusGiven: 1 });
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/referrals',
      headers: referrer.headers,
    });
    expect(summary.json().stats).toMatchObject({
      totalReferrals: 1,
      successfulReferrals: 1,
      creditsEarned: 20,
    });
    expect(summary.json().history[0]).toMatchObject({
      statusLabel: '報酬支払済み',
      creditsReceived: 20,
    });
  });
});
