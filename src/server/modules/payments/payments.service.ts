import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import { findPlan, type Plan } from '../../../shared/plans.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { payments, users } from '../../db/schema.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import { grantCredits } from '../credits/ledger.ts';
import { enqueueEmail } from '../notifications/outbox.ts';
import { purchaseEmailText, type PurchaseMailConfig } from './purchase-email.ts';
import { applyReferralPurchaseBonus } from '../referrals/referrals.service.ts';
import { lockPaymentIntent, reconcilePayment } from './payment-reversals.ts';

export const CHECKOUT_URL_MISSING = 'Checkout URLの作成に失敗しました';

export interface CheckoutRequest {
  plan: Plan;
  user: { id: string; email: string };
  /** The provider's customer for this user, when the provider needs one (see needsCustomer). */
  customerId?: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** A payment provider creates a hosted checkout page; crediting always happens in completePurchase. */
export interface CheckoutProvider {
  readonly name: 'stripe' | 'demo';
  /** What the provider replaces with the session id in the return URL. */
  readonly sessionPlaceholder: string;
  /** True when each checkout must name a customer of the provider's own (bank transfers). */
  readonly needsCustomer: boolean;
  createCustomer(user: { id: string; email: string }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string | null }>;
}

/**
 * What a Checkout Session may offer, per STRIPE_PAYMENT_METHODS (ADR 033). The pinned API
 * version has no fixed list (payment_method_types was removed in 2026-09-30.endive): Stripe
 * offers the methods enabled in the Dashboard, and `allowed_payment_method_types` narrows them,
 * so a method the account has not enabled is simply not shown. `automatic` sends no filter. A
 * listed customer_balance (銀行振込) is funded by a transfer to the customer's own Japanese
 * virtual account (jp_bank_transfer), so it needs these options and a Customer.
 */
export function checkoutPaymentMethodParams(
  methods: Config['STRIPE_PAYMENT_METHODS'],
): Pick<
  Stripe.Checkout.SessionCreateParams,
  'allowed_payment_method_types' | 'payment_method_options'
> {
  if (methods === 'automatic') return {};
  return {
    allowed_payment_method_types: [...methods],
    ...(methods.includes('customer_balance')
      ? {
          payment_method_options: {
            customer_balance: {
              funding_type: 'bank_transfer',
              bank_transfer: { type: 'jp_bank_transfer' },
            },
          },
        }
      : {}),
  };
}

export class StripeCheckoutProvider implements CheckoutProvider {
  readonly name = 'stripe' as const;
  readonly sessionPlaceholder = '{CHECKOUT_SESSION_ID}';
  readonly stripe: Stripe;
  readonly needsCustomer: boolean;
  readonly #brand: string;
  readonly #methods: Config['STRIPE_PAYMENT_METHODS'];

  constructor(
    stripe: Stripe,
    brand: string,
    methods: Config['STRIPE_PAYMENT_METHODS'] = 'automatic',
  ) {
    this.stripe = stripe;
    this.#brand = brand;
    this.#methods = methods;
    this.needsCustomer = methods !== 'automatic' && methods.includes('customer_balance');
  }

  async createCustomer(user: { id: string; email: string }): Promise<string> {
    // The key makes a retry (or a second process) within Stripe's idempotency window get the
    // same Customer rather than a second virtual account.
    const customer = await this.stripe.customers.create(
      { email: user.email, metadata: { user_id: user.id } },
      { idempotencyKey: `faq-kobo-customer:${user.id}` },
    );
    return customer.id;
  }

  async createCheckout({
    plan,
    user,
    customerId,
    successUrl,
    cancelUrl,
    expiresAt,
  }: CheckoutRequest) {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      expires_at: Math.floor(expiresAt.getTime() / 1000),
      success_url: successUrl,
      cancel_url: cancelUrl,
      // Stripe takes one or the other: a Customer carries its own address.
      ...(customerId ? { customer: customerId } : { customer_email: user.email }),
      ...checkoutPaymentMethodParams(this.#methods),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'jpy',
            unit_amount: plan.priceYen,
            product_data: {
              name: `${this.#brand} ${plan.name}プラン`,
              description: `${plan.credits}クレジット付与`,
            },
          },
        },
      ],
      metadata: { plan_id: plan.id, user_id: user.id, credits: String(plan.credits) },
    });
    return { sessionId: session.id, url: session.url ?? null };
  }
}

/** The embedded default (docs/product-decisions.md §6): our own clearly labelled page, never in production. */
export class DemoCheckoutProvider implements CheckoutProvider {
  readonly name = 'demo' as const;
  // The demo page builds its own return address with the real id (see the routes).
  readonly sessionPlaceholder = '{CHECKOUT_SESSION_ID}';
  readonly needsCustomer = false;
  readonly #publicUrl: string;

  constructor(publicUrl: string) {
    this.#publicUrl = publicUrl;
  }

  createCustomer(): Promise<string> {
    return Promise.reject(new Error('the demo checkout has no customers'));
  }

  async createCheckout() {
    const sessionId = `demo_${randomBytes(24).toString('base64url')}`;
    return { sessionId, url: `${this.#publicUrl}/api/payments/demo/checkout/${sessionId}` };
  }
}

/** STRIPE_API_BASE as the SDK's host options (a Stripe-compatible server, e.g. in tests). */
export function stripeApiBase(config: Pick<Config, 'STRIPE_API_BASE'>): Stripe.StripeConfig {
  if (!config.STRIPE_API_BASE) return {};
  const url = new URL(config.STRIPE_API_BASE);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

export function createCheckoutProvider(
  config: Config,
  stripeOptions: Stripe.StripeConfig = {},
): CheckoutProvider | null {
  if (config.STRIPE_SECRET_KEY) {
    return new StripeCheckoutProvider(
      new Stripe(config.STRIPE_SECRET_KEY, { ...stripeApiBase(config), ...stripeOptions }),
      config.BRAND_NAME,
      config.STRIPE_PAYMENT_METHODS,
    );
  }
  return config.isProduction ? null : new DemoCheckoutProvider(config.publicUrl);
}

/** Checkout sessions one user may open in an hour, all plans together (ADR 024). */
export const CHECKOUT_SESSIONS_PER_HOUR = 10;
export const CHECKOUT_LIMIT_MESSAGE =
  '購入手続きの開始が多すぎます。開いている購入ページからお支払いいただくか、しばらくしてからもう一度お試しください';
/** How long a new checkout page stays open (Stripe accepts 30 minutes to 24 hours). */
export const CHECKOUT_SESSION_TTL_MS = 60 * 60 * 1000;
/** A page with less time left than this is not handed out again: paying takes a while. */
const CHECKOUT_REUSE_MARGIN_MS = 10 * 60 * 1000;

// One checkout start per user at a time in this process, so a burst of clicks finds the
// page the first one opened; the database counter bounds what several processes can add.
const checkoutQueues = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (checkoutQueues.get(key) ?? Promise.resolve()).then(work, work);
  const tail = run.catch(() => undefined);
  checkoutQueues.set(key, tail);
  try {
    return await run;
  } finally {
    if (checkoutQueues.get(key) === tail) checkoutQueues.delete(key);
  }
}

/**
 * Opens a checkout page for a paid plan, or hands back the user's open one for that plan
 * while it has time left, so repeated clicks cost no new session. New sessions are limited
 * per user and hour (429 in Japanese) for Stripe and the demo alike.
 */
export async function startCheckout(
  db: Database,
  config: Config,
  provider: CheckoutProvider | null,
  user: { id: string; email: string },
  planId: string,
): Promise<string> {
  const plan = findPlan(planId);
  if (!plan || plan.priceYen <= 0) throw badRequest('有料プランを選択してください');
  if (!provider) throw new HttpError(503, '決済が設定されていません。管理者にお問い合わせください');
  return oneAtATime(user.id, async () => {
    const [open] = await db
      .select({ url: payments.checkoutUrl })
      .from(payments)
      .where(
        and(
          eq(payments.userId, user.id),
          eq(payments.planId, plan.id),
          eq(payments.provider, provider.name),
          eq(payments.status, 'pending'),
          isNotNull(payments.checkoutUrl),
          gt(payments.checkoutExpiresAt, new Date(Date.now() + CHECKOUT_REUSE_MARGIN_MS)),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (open?.url) return open.url;
    await consumeRateLimit(db, `checkout:${user.id}`, {
      limit: CHECKOUT_SESSIONS_PER_HOUR,
      windowSeconds: 60 * 60,
      message: CHECKOUT_LIMIT_MESSAGE,
    });
    const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_TTL_MS);
    const customerId = provider.needsCustomer ? await customerFor(db, provider, user) : undefined;
    const { sessionId, url } = await provider.createCheckout({
      plan,
      user,
      ...(customerId ? { customerId } : {}),
      successUrl: `${config.publicUrl}/credits?success=true&plan=${plan.id}&session_id=${provider.sessionPlaceholder}`,
      cancelUrl: `${config.publicUrl}/pricing?canceled=true`,
      expiresAt,
    });
    if (!url) throw new HttpError(502, CHECKOUT_URL_MISSING);
    await db.insert(payments).values({
      id: randomUUID(),
      provider: provider.name,
      sessionId,
      userId: user.id,
      planId: plan.id,
      credits: plan.credits,
      amountYen: plan.priceYen,
      checkoutUrl: url,
      checkoutExpiresAt: expiresAt,
    });
    return url;
  });
}

/**
 * The user's customer at the provider, made once and kept: bank transfers go to a virtual
 * account of the customer's own, which should stay the same from one purchase to the next.
 */
async function customerFor(
  db: Database,
  provider: CheckoutProvider,
  user: { id: string; email: string },
): Promise<string> {
  const stored = async () =>
    (
      await db
        .select({ customerId: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, user.id))
    )[0]?.customerId ?? null;
  const known = await stored();
  if (known) return known;
  const created = await provider.createCustomer(user);
  const [saved] = await db
    .update(users)
    .set({ stripeCustomerId: created })
    .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)))
    .returning({ customerId: users.stripeCustomerId });
  // Another process stored one first: that one is used, so every checkout names the same.
  return saved?.customerId ?? (await stored()) ?? created;
}

/** A checkout page that can no longer be paid (expired, or completed unpaid) is not handed out again. */
export async function closeCheckout(
  db: Database,
  sessionId: string,
  status: 'pending' | 'failed',
): Promise<void> {
  await db
    .update(payments)
    .set({ checkoutUrl: null, status })
    .where(and(eq(payments.sessionId, sessionId), eq(payments.status, 'pending')));
}

/** Where a Stripe completion came from: its PaymentIntent ties refunds and disputes to it. */
export interface StripeCompletion {
  paymentIntentId: string | null;
  eventId: string;
  log: {
    info: (object: object, message: string) => void;
    warn: (object: object, message: string) => void;
  };
}

/**
 * The one crediting path for Stripe webhooks and the demo checkout. Exactly once per checkout
 * session: the pending → completed update is the claim, and the ledger reference would refuse
 * a second grant even if two deliveries raced past it. Refunds and disputes that arrived
 * before the payment are applied in the same transaction (ADR 024); a payment wholly
 * returned on arrival earns no referral bonus and sends no purchase mail.
 */
export async function completePurchase(
  db: Database,
  input: {
    sessionId: string;
    provider: 'stripe' | 'demo';
    fallback?: { userId: string; planId: string };
    stripe?: StripeCompletion;
    mail: PurchaseMailConfig;
  },
): Promise<{ granted: boolean; emailIds: string[] }> {
  const paymentIntentId = input.stripe?.paymentIntentId ?? null;
  const result: { granted: boolean; emails: string[] } = await db.transaction(async (tx) => {
    if (paymentIntentId) await lockPaymentIntent(tx, paymentIntentId);
    let [payment] = await tx.select().from(payments).where(eq(payments.sessionId, input.sessionId));
    if (!payment && input.fallback) {
      // A session created outside this server (e.g. the Stripe dashboard) still credits once.
      const plan = findPlan(input.fallback.planId);
      if (!plan || plan.priceYen <= 0) return { granted: false, emails: [] };
      [payment] = await tx
        .insert(payments)
        .values({
          id: randomUUID(),
          provider: input.provider,
          sessionId: input.sessionId,
          userId: input.fallback.userId,
          planId: plan.id,
          credits: plan.credits,
          amountYen: plan.priceYen,
        })
        .onConflictDoNothing({ target: payments.sessionId })
        .returning();
      if (!payment)
        [payment] = await tx.select().from(payments).where(eq(payments.sessionId, input.sessionId));
    }
    if (!payment) throw notFound('決済が見つかりません');
    const [claimed] = await tx
      .update(payments)
      .set({
        status: 'completed',
        completedAt: new Date(),
        checkoutUrl: null,
        ...(paymentIntentId ? { paymentIntentId } : {}),
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning();
    if (!claimed) return { granted: false, emails: [] };
    const plan = findPlan(claimed.planId);
    const grant = await grantCredits(tx, {
      userId: claimed.userId,
      amount: claimed.credits,
      type: 'purchase',
      description: `${plan?.name ?? claimed.planId}プラン購入（${claimed.credits}クレジット）`,
      reference: `payment:${claimed.sessionId}`,
    });
    if (!grant.applied) return { granted: false, emails: [] };
    const { returned } =
      paymentIntentId && input.stripe
        ? await reconcilePayment(tx, input.stripe.log, {
            paymentId: claimed.id,
            eventId: input.stripe.eventId,
          })
        : { returned: false };
    if (returned) return { granted: true, emails: [] };
    const referral = await applyReferralPurchaseBonus(tx, claimed.userId, claimed.id, input.mail);
    const [buyer] = await tx
      .select({ email: users.email, credits: users.credits })
      .from(users)
      .where(eq(users.id, claimed.userId));
    const email = buyer
      ? await enqueueEmail(tx, {
          to: buyer.email,
          kind: 'purchase_receipt',
          subject: `【${input.mail.BRAND_NAME}】ご購入ありがとうございます`,
          text: purchaseEmailText(input.mail, claimed, buyer.credits),
        })
      : null;
    return {
      granted: true,
      emails: [email, referral.emailId].filter((id): id is string => id !== null),
    };
  });
  return { granted: result.granted, emailIds: result.emails };
}

export async function latestPurchase(db: Database, userId: string, planId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.planId, planId)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findDemoPayment(db: Database, sessionId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.sessionId, sessionId), eq(payments.provider, 'demo')));
  return row ?? null;
}

/**
 * The payment-return check for one checkout session of this user. The conditional update
 * makes `notify` true once only, however often the page is reloaded or revisited.
 */
export async function confirmReturn(db: Database, userId: string, sessionId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.sessionId, sessionId), eq(payments.userId, userId)));
  if (!payment) return { planId: null, status: 'none' as const, credits: 0, notify: false };
  const base = { planId: payment.planId, credits: payment.credits };
  // A pending payment whose page is closed was completed unpaid (closeCheckout): waiting for
  // the konbini or bank payment, not for the webhook of a moment from now.
  if (payment.status === 'pending')
    return {
      ...base,
      status: payment.checkoutUrl === null ? ('awaiting_payment' as const) : ('pending' as const),
      notify: false,
    };
  if (payment.status === 'failed') return { ...base, status: 'failed' as const, notify: false };
  const claimed = await db
    .update(payments)
    .set({ returnNotifiedAt: new Date() })
    .where(and(eq(payments.id, payment.id), isNull(payments.returnNotifiedAt)))
    .returning({ id: payments.id });
  return { ...base, status: 'completed' as const, notify: claimed.length > 0 };
}
