import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq, sql } from 'drizzle-orm';
import { startFakeStripe } from '../../../../tests/helpers/fake-stripe.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import {
  creditTransactions,
  emailOutbox,
  paymentIncidents,
  payments,
  referrals,
  users,
} from '../../db/schema.ts';
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

function sendPayload(payload: string, timestamp?: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        ...(timestamp === undefined ? {} : { timestamp }),
      }),
    },
    payload,
  });
}

function send(type: string, object: Record<string, unknown>, id = `evt_${randomUUID()}`) {
  return sendPayload(JSON.stringify({ id, object: 'event', type, data: { object } }));
}

const refund = (sessionId: string, yen: number) => ({
  id: `ch_${sessionId}`,
  object: 'charge',
  payment_intent: `pi_${sessionId}`,
  amount: 1000,
  amount_refunded: yen,
});

const dispute = (sessionId: string, status: string) => ({
  id: `dp_${sessionId}`,
  object: 'dispute',
  payment_intent: `pi_${sessionId}`,
  amount: 1000,
  status,
});

let adminToken: string | null = null;
/** The admin sales totals of the default range (which includes today). */
async function salesTotals() {
  if (!adminToken) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin123' },
    });
    adminToken = String(login.json().token);
  }
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/sales?period=day',
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json().totals as {
    purchases: number;
    refunds: number;
    refundedYen: number;
    netYen: number;
  };
}

async function paymentOf(sessionId: string) {
  const [row] = await t.app.db.select().from(payments).where(eq(payments.sessionId, sessionId));
  return row!;
}

async function incidentsOf(sessionId: string) {
  return t.app.db.select().from(paymentIncidents).where(eq(paymentIncidents.sessionId, sessionId));
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
    // The page is done but the money is not: the buyer is told the credits wait for it.
    expect((await returnCheck(user, id)).json()).toMatchObject({
      status: 'awaiting_payment',
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

  it('records a signed event carrying half a character (a lone surrogate) instead of failing', async () => {
    const ghost = { id: randomUUID() } as SeededUser;
    const id = `cs_test_${randomUUID()}`;
    const response = await send(
      'checkout.session.completed',
      session(id, ghost, { metadata: { plan_id: 'light\ud800', user_id: ghost.id } }),
    );
    expect(response.statusCode).toBe(200);
    const [incident] = await t.app.db
      .select()
      .from(paymentIncidents)
      .where(eq(paymentIncidents.sessionId, id));
    expect(incident).toMatchObject({ kind: 'unknown_user', details: { planId: 'light\ufffd' } });
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

describe('refunds and disputes in any order', () => {
  it('applies a refund that arrived before its payment, once, and counts the sale as refunded', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    const id = await checkout(user);
    const before = await salesTotals();
    const refundEvent = `evt_${randomUUID()}`;
    expect((await send('charge.refunded', refund(id, 1000), refundEvent)).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(50);

    const completion = `evt_${randomUUID()}`;
    const replies = await Promise.all([
      send('checkout.session.completed', session(id, user), completion),
      send('checkout.session.completed', session(id, user), completion),
      send('charge.refunded', refund(id, 1000), refundEvent),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    expect(await balanceOf(user.id)).toBe(50);
    expect(await paymentOf(id)).toMatchObject({
      status: 'refunded',
      refundedYen: 1000,
      refundedCredits: 100,
      takenCredits: 100,
    });
    const rows = await t.app.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, user.id));
    expect(rows.map((row) => [row.type, row.amount])).toEqual(
      expect.arrayContaining([
        ['purchase', 100],
        ['refund', -100],
      ]),
    );
    // A purchase wholly refunded on arrival sends no purchase mail.
    const [buyer] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    const mails = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer!.email));
    expect(mails.filter((mail) => mail.kind === 'purchase_receipt')).toEqual([]);
    const after = await salesTotals();
    expect(after.purchases - before.purchases).toBe(1);
    expect(after.refunds - before.refunds).toBe(1);
    expect(after.refundedYen - before.refundedYen).toBe(1000);
    expect(after.netYen - before.netYen).toBe(0);
  });

  it('applies a partial refund that arrived first, and a later larger one on top', async () => {
    const user = await seedUser(t.app);
    const id = await checkout(user);
    // The cumulative 500 arrives after the 300 it includes: only 500 counts.
    await send('charge.refunded', refund(id, 500));
    await send('charge.refunded', refund(id, 300));
    await send('checkout.session.completed', session(id, user));
    expect(await balanceOf(user.id)).toBe(50);
    expect(await paymentOf(id)).toMatchObject({ status: 'partially_refunded', refundedYen: 500 });
    await send('charge.refunded', refund(id, 1000));
    expect(await balanceOf(user.id)).toBe(0);
    expect((await paymentOf(id)).status).toBe('refunded');
  });

  it('takes back a disputed payment and gives the credits back when the dispute is won', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    const id = await checkout(user);
    const before = await salesTotals();
    // The dispute is opened before the payment's own event reaches us.
    expect((await send('charge.dispute.created', dispute(id, 'needs_response'))).statusCode).toBe(
      200,
    );
    await send('checkout.session.completed', session(id, user));
    expect(await balanceOf(user.id)).toBe(50);
    expect((await paymentOf(id)).status).toBe('refunded');

    const won = `evt_${randomUUID()}`;
    for (let index = 0; index < 2; index++)
      expect((await send('charge.dispute.closed', dispute(id, 'won'), won)).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(150);
    expect(await paymentOf(id)).toMatchObject({
      status: 'completed',
      refundedYen: 0,
      refundedCredits: 0,
      takenCredits: 0,
    });
    const after = await salesTotals();
    expect(after.purchases - before.purchases).toBe(1);
    expect(after.refunds - before.refunds).toBe(0);
    expect(after.netYen - before.netYen).toBe(1000);
  });

  it('keeps a won close whatever arrives after it', async () => {
    const user = await seedUser(t.app);
    const id = await checkout(user);
    await send('charge.dispute.closed', dispute(id, 'won'));
    await send('checkout.session.completed', session(id, user));
    // The opening, delivered last, must not take back what the close settled.
    await send('charge.dispute.created', dispute(id, 'needs_response'));
    expect(await balanceOf(user.id)).toBe(100);
    expect((await paymentOf(id)).status).toBe('completed');
  });

  it('keeps the credits taken when a dispute opened before the payment is lost', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    const id = await checkout(user);
    await send('charge.dispute.created', dispute(id, 'needs_response'));
    await send('checkout.session.completed', session(id, user));
    expect(await balanceOf(user.id)).toBe(50);
    await send('charge.dispute.closed', dispute(id, 'lost'));
    expect(await balanceOf(user.id)).toBe(50);
    expect(await paymentOf(id)).toMatchObject({ status: 'refunded', refundedYen: 1000 });
  });

  it('gives back only what a dispute took when the buyer had spent the rest', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    const id = await checkout(user);
    await send('checkout.session.completed', session(id, user));
    await spendCredits(t.app.db, { userId: user.id, amount: 140, type: 'usage', description: 'x' });
    await send('charge.dispute.created', dispute(id, 'needs_response'));
    expect(await balanceOf(user.id)).toBe(0);
    expect(await incidentsOf(id)).toContainEqual(
      expect.objectContaining({ kind: 'refund_shortfall', shortfallCredits: 90 }),
    );
    await send('charge.dispute.closed', dispute(id, 'won'));
    expect(await balanceOf(user.id)).toBe(10);
    expect(await paymentOf(id)).toMatchObject({ status: 'completed', takenCredits: 0 });
  });
});

describe("the referrer's first-purchase bonus", () => {
  /** A buyer who signed up through the referrer's code, before any purchase. */
  async function referralPair(referrerCredits = 0) {
    const referrer = await seedUser(t.app, { credits: referrerCredits });
    const buyer = await seedUser(t.app);
    await t.app.db.insert(referrals).values({
      id: `ref_${randomUUID()}`,
      referralCode: `REF_${randomUUID()}`,
      referrerUserId: referrer.id,
      referredUserId: buyer.id,
      status: 'completed',
      signupBonusGiven: 1,
    });
    return { referrer, buyer };
  }

  async function referred(referrerCredits: number) {
    const { referrer, buyer } = await referralPair(referrerCredits);
    const id = await checkout(buyer);
    await send('checkout.session.completed', session(id, buyer));
    expect(await balanceOf(referrer.id)).toBe(referrerCredits + 10);
    return { referrer, buyer, id };
  }

  const summaryOf = async (user: SeededUser) =>
    (await t.app.inject({ method: 'GET', url: '/api/referrals', headers: user.headers })).json();

  it('is taken back by a full refund, once, and not by a partial one', async () => {
    const { referrer, buyer, id } = await referred(0);
    await send('charge.refunded', refund(id, 500));
    expect(await balanceOf(referrer.id)).toBe(10);
    const full = `evt_${randomUUID()}`;
    await send('charge.refunded', refund(id, 1000), full);
    await send('charge.refunded', refund(id, 1000), full);
    expect(await balanceOf(buyer.id)).toBe(0);
    expect(await balanceOf(referrer.id)).toBe(0);
    // What the referral page counts: the sign-up bonus only.
    const summary = await summaryOf(referrer);
    expect(summary.stats.creditsEarned).toBe(10);
    expect(summary.history[0]).toMatchObject({ creditsReceived: 10, statusLabel: '登録済み' });
  });

  it('takes what is left when the referrer spent it, and records the rest for the operator', async () => {
    const { referrer, id } = await referred(0);
    await spendCredits(t.app.db, {
      userId: referrer.id,
      amount: 7,
      type: 'usage',
      description: 'x',
    });
    await send('charge.refunded', refund(id, 1000));
    expect(await balanceOf(referrer.id)).toBe(0);
    expect(await incidentsOf(id)).toContainEqual(
      expect.objectContaining({
        kind: 'referral_bonus_shortfall',
        userId: referrer.id,
        shortfallCredits: 7,
      }),
    );
  });

  it('is given back with the credits when a dispute is won', async () => {
    const { referrer, buyer, id } = await referred(0);
    await send('charge.dispute.created', dispute(id, 'needs_response'));
    expect(await balanceOf(referrer.id)).toBe(0);
    await send('charge.dispute.closed', dispute(id, 'won'));
    expect(await balanceOf(referrer.id)).toBe(10);
    expect(await balanceOf(buyer.id)).toBe(100);
    expect((await summaryOf(referrer)).stats.creditsEarned).toBe(20);
  });

  it('is not paid for a purchase wholly refunded before it arrived', async () => {
    const { referrer, buyer } = await referralPair();
    const id = await checkout(buyer);
    await send('charge.refunded', refund(id, 1000));
    await send('checkout.session.completed', session(id, buyer));
    expect(await balanceOf(referrer.id)).toBe(0);
    expect(await balanceOf(buyer.id)).toBe(0);
  });
});

describe('what a completed checkout must say', () => {
  it('grants nothing for another amount or currency, records it once, and answers 2xx', async () => {
    for (const wrong of [{ amount_total: 1 }, { currency: 'usd' }, { amount_total: null }]) {
      const user = await seedUser(t.app, { credits: 50 });
      const id = await checkout(user);
      const before = await salesTotals();
      const event = `evt_${randomUUID()}`;
      for (let index = 0; index < 2; index++) {
        const response = await send('checkout.session.completed', session(id, user, wrong), event);
        expect(response.statusCode).toBe(200);
      }
      expect(await balanceOf(user.id)).toBe(50);
      expect((await paymentOf(id)).status).toBe('failed');
      const incidents = await incidentsOf(id);
      expect(incidents).toHaveLength(1);
      expect(incidents[0]).toMatchObject({
        kind: 'amount_mismatch',
        userId: user.id,
        details: { expectedYen: 1000 },
      });
      expect(await salesTotals()).toEqual(before);
    }
  });

  it('checks a session made elsewhere against the price of the plan it names', async () => {
    const user = await seedUser(t.app);
    const id = `cs_test_${randomUUID()}`;
    const response = await send(
      'checkout.session.completed',
      session(id, user, { metadata: { plan_id: 'pro', user_id: user.id }, amount_total: 1000 }),
    );
    expect(response.statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await incidentsOf(id)).toContainEqual(
      expect.objectContaining({
        kind: 'amount_mismatch',
        details: expect.objectContaining({ expectedYen: 12000 }),
      }),
    );
  });
});

describe('signed but unusable events', () => {
  it('refuses a signature dated beyond the tolerance in the future, accepting small clock skew', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    const id = await checkout(user);
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: session(id, user) },
    });
    const now = Math.floor(Date.now() / 1000);
    for (const ahead of [3600, 301 + 5]) {
      const response = await sendPayload(payload, now + ahead);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('署名の検証に失敗しました');
    }
    expect(await balanceOf(user.id)).toBe(50);
    expect((await sendPayload(payload, now + 60)).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(150);
  });

  it('answers malformed handled events 400 and unknown types 200, never 500', async () => {
    const user = await seedUser(t.app, { credits: 50 });
    const id = await checkout(user);
    const event = (type: string, object: unknown) =>
      JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type, data: { object } });
    const malformed = [
      'null',
      '[]',
      '"text"',
      '{}',
      JSON.stringify({ id: 'evt_x', type: 'charge.refunded' }),
      JSON.stringify({ id: 'evt_x', type: 'charge.refunded', data: { object: 'ch_1' } }),
      event('checkout.session.completed', { ...session(id, user), metadata: 5 }),
      event('checkout.session.completed', { ...session(id, user), amount_total: '1000' }),
      event('checkout.session.completed', { ...session(id, user), id: undefined }),
      event('checkout.session.completed', { ...session(id, user), payment_status: 'maybe' }),
      event('checkout.session.async_payment_succeeded', {}),
      event('checkout.session.expired', { id: 42 }),
      event('charge.refunded', { ...refund(id, 1000), amount_refunded: 'all' }),
      event('charge.refunded', { ...refund(id, 1000), amount_refunded: -5 }),
      event('charge.refunded', { ...refund(id, 1000), payment_intent: 7 }),
      event('charge.dispute.created', { ...dispute(id, 'needs_response'), amount: 1.5 }),
      event('charge.dispute.closed', dispute(id, 'mystery')),
    ];
    for (const payload of malformed) {
      const response = await sendPayload(payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json().error.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
    for (const payload of [
      event('customer.created', { anything: ['goes'] }),
      event('invoice.paid', {}),
    ]) {
      expect((await sendPayload(payload)).statusCode).toBe(200);
    }
    expect(await balanceOf(user.id)).toBe(50);
    expect((await paymentOf(id)).status).toBe('pending');
  });
});
