import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq, sql } from 'drizzle-orm';
import { startFakeStripe } from '../../../../tests/helpers/fake-stripe.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { creditTransactions, paymentIncidents, payments, users } from '../../db/schema.ts';
import { spendCredits } from '../credits/ledger.ts';

const WEBHOOK_SECRET = 'whsec_events_secret';
const signer = new Stripe('sk_test_signer');
let t: TestApp;
let stripeApi: Awaited<ReturnType<typeof startFakeStripe>>;

beforeAll(async () => {
  stripeApi = await startFakeStripe();
  // No SDK options here: STRIPE_API_BASE alone must point the client at the stand-in.
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${stripeApi.port}`,
    PUBLIC_URL: 'https://faq.example.jp',
  });
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

function send(type: string, object: Record<string, unknown>, id = `evt_${randomUUID()}`) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
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
}

async function checkout(user: SeededUser, planId = 'light') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments/checkout',
    headers: user.headers,
    payload: { planId },
  });
  expect(response.statusCode).toBe(200);
  return String(response.json().url).split('/').pop()!;
}

function session(id: string, user: SeededUser, extra: Record<string, unknown> = {}) {
  return {
    id,
    object: 'checkout.session',
    payment_status: 'paid',
    payment_intent: `pi_${id}`,
    amount_total: 1000,
    currency: 'jpy',
    metadata: { plan_id: 'light', user_id: user.id },
    ...extra,
  };
}

async function balanceOf(userId: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, userId));
  const [sum] = await t.app.db
    .select({ total: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  expect(row!.credits).toBe(sum!.total);
  expect(row!.credits).toBeGreaterThanOrEqual(0);
  return row!.credits;
}

const returnCheck = (user: SeededUser, sessionId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/return',
    headers: user.headers,
    payload: { sessionId },
  });

describe('Stripe client and return confirmation', () => {
  it('reaches the host named by STRIPE_API_BASE with a session-specific return URL', async () => {
    const user = await seedUser(t.app);
    const before = stripeApi.created.length;
    await checkout(user, 'standard');
    expect(stripeApi.created.length).toBe(before + 1);
    expect(stripeApi.created.at(-1)!.get('success_url')).toBe(
      'https://faq.example.jp/credits?success=true&plan=standard&session_id={CHECKOUT_SESSION_ID}',
    );
  });
});

describe('delayed payments (konbini, bank transfer)', () => {
  it('credits at async_payment_succeeded, not at an unpaid completion, and toasts once', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    const id = await checkout(user);
    const unpaid = await send(
      'checkout.session.completed',
      session(id, user, { payment_status: 'unpaid' }),
    );
    expect(unpaid.statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(50);
    expect((await returnCheck(user, id)).json()).toMatchObject({
      status: 'pending',
      notify: false,
    });

    const event = `evt_${randomUUID()}`;
    for (let index = 0; index < 3; index++) {
      const paid = await send('checkout.session.async_payment_succeeded', session(id, user), event);
      expect(paid.statusCode).toBe(200);
    }
    expect(await balanceOf(user.id)).toBe(150);
    expect((await returnCheck(user, id)).json()).toEqual({
      planId: 'light',
      status: 'completed',
      credits: 100,
      notify: true,
    });
    expect((await returnCheck(user, id)).json().notify).toBe(false);
    const stranger = await seedUser(t.app);
    expect((await returnCheck(stranger, id)).json()).toMatchObject({
      status: 'none',
      notify: false,
    });
  });
});

describe('unknown users', () => {
  it('answers 2xx and records the event for the operator', async () => {
    const ghost = { id: randomUUID() } as SeededUser;
    const id = `cs_test_${randomUUID()}`;
    const response = await send('checkout.session.completed', session(id, ghost));
    expect(response.statusCode).toBe(200);
    const incidents = await t.app.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.sessionId, id));
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ kind: 'unknown_user', userId: ghost.id });
    expect(await t.app.db.select().from(payments).where(eq(payments.sessionId, id))).toEqual([]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin123' },
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payment-incidents',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(listed.json().incidents).toContainEqual(
      expect.objectContaining({ kind: 'unknown_user', sessionId: id, userId: ghost.id }),
    );
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/payment-incidents' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('does not credit a deleted account, and records the payment for a refund', async () => {
    const user = await seedUser(t.app);
    const id = await checkout(user);
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await send('checkout.session.completed', session(id, user))).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(0);
    const [incident] = await t.app.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.sessionId, id));
    expect(incident).toMatchObject({ kind: 'unknown_user', details: { deletedAccount: true } });
  });
});

describe('refunds and disputes', () => {
  it('takes back refunded credits once, as far as the balance allows, recording the shortfall', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    const id = await checkout(user);
    await send('checkout.session.completed', session(id, user));
    expect(await balanceOf(user.id)).toBe(150);

    const partial = { id: 'ch_1', object: 'charge', payment_intent: `pi_${id}`, amount: 1000 };
    const refundEvent = `evt_${randomUUID()}`;
    for (let index = 0; index < 2; index++) {
      const response = await send(
        'charge.refunded',
        { ...partial, amount_refunded: 500 },
        refundEvent,
      );
      expect(response.statusCode).toBe(200);
    }
    expect(await balanceOf(user.id)).toBe(100);
    const [half] = await t.app.db.select().from(payments).where(eq(payments.sessionId, id));
    expect(half).toMatchObject({ status: 'partially_refunded', refundedYen: 500 });

    await spendCredits(t.app.db, { userId: user.id, amount: 90, type: 'usage', description: 'x' });
    const full = await send('charge.refunded', { ...partial, amount_refunded: 1000 });
    expect(full.statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(0);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.sessionId, id));
    expect(payment).toMatchObject({ status: 'refunded', refundedCredits: 100, refundedYen: 1000 });
    const [shortfall] = await t.app.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.sessionId, id));
    expect(shortfall).toMatchObject({ kind: 'refund_shortfall', shortfallCredits: 40 });
    const rows = await t.app.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, user.id));
    expect(rows.filter((row) => row.type === 'refund').map((row) => row.amount)).toEqual(
      expect.arrayContaining([-50, -10]),
    );
  });

  it('takes back the credits of a disputed payment once', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    const id = await checkout(user);
    await send('checkout.session.completed', session(id, user));
    const event = `evt_${randomUUID()}`;
    const dispute = {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: `pi_${id}`,
      amount: 1000,
      status: 'needs_response',
    };
    expect((await send('charge.dispute.created', dispute, event)).statusCode).toBe(200);
    expect((await send('charge.dispute.created', dispute, event)).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(50);
  });
});
