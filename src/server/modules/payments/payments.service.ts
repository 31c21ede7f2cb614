import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import { findPlan, type Plan } from '../../../shared/plans.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { payments, users } from '../../db/schema.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-error.ts';
import { grantCredits } from '../credits/ledger.ts';
import { enqueueEmail } from '../notifications/outbox.ts';
import { purchaseEmailText, type PurchaseMailConfig } from './purchase-email.ts';
import { applyReferralPurchaseBonus } from '../referrals/referrals.service.ts';

export const CHECKOUT_URL_MISSING = 'Checkout URLの作成に失敗しました';

export interface CheckoutRequest {
  plan: Plan;
  user: { id: string; email: string };
  successUrl: string;
  cancelUrl: string;
}

/** A payment provider creates a hosted checkout page; crediting always happens in completePurchase. */
export interface CheckoutProvider {
  readonly name: 'stripe' | 'demo';
  /** What the provider replaces with the session id in the return URL. */
  readonly sessionPlaceholder: string;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string | null }>;
}

export class StripeCheckoutProvider implements CheckoutProvider {
  readonly name = 'stripe' as const;
  readonly sessionPlaceholder = '{CHECKOUT_SESSION_ID}';
  readonly stripe: Stripe;
  readonly #brand: string;

  constructor(stripe: Stripe, brand: string) {
    this.stripe = stripe;
    this.#brand = brand;
  }

  async createCheckout({ plan, user, successUrl, cancelUrl }: CheckoutRequest) {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      success_url: successUrl,
      cancel_url: cancelUrl,
      customer_email: user.email,
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
  readonly #publicUrl: string;

  constructor(publicUrl: string) {
    this.#publicUrl = publicUrl;
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
    );
  }
  return config.isProduction ? null : new DemoCheckoutProvider(config.publicUrl);
}

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
  const { sessionId, url } = await provider.createCheckout({
    plan,
    user,
    successUrl: `${config.publicUrl}/credits?success=true&plan=${plan.id}&session_id=${provider.sessionPlaceholder}`,
    cancelUrl: `${config.publicUrl}/pricing?canceled=true`,
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
  });
  return url;
}

/**
 * The one crediting path for Stripe webhooks and the demo checkout. Exactly once per checkout
 * session: the pending → completed update is the claim, and the ledger reference would refuse
 * a second grant even if two deliveries raced past it.
 */
export async function completePurchase(
  db: Database,
  input: {
    sessionId: string;
    provider: 'stripe' | 'demo';
    fallback?: { userId: string; planId: string };
    /** Stripe's PaymentIntent, kept so refunds and disputes can find the payment. */
    paymentIntentId?: string | null;
    mail: PurchaseMailConfig;
  },
): Promise<{ granted: boolean; emailIds: string[] }> {
  const result: { granted: boolean; emails: string[] } = await db.transaction(async (tx) => {
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
        ...(input.paymentIntentId ? { paymentIntentId: input.paymentIntentId } : {}),
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
    const referral = await applyReferralPurchaseBonus(tx, claimed.userId, input.mail);
    const [buyer] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, claimed.userId));
    const email = buyer
      ? await enqueueEmail(tx, {
          to: buyer.email,
          kind: 'purchase_receipt',
          subject: `【${input.mail.BRAND_NAME}】ご購入ありがとうございます`,
          text: purchaseEmailText(input.mail, claimed, grant.balance),
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
  if (payment.status === 'pending') return { ...base, status: 'pending' as const, notify: false };
  if (payment.status === 'failed') return { ...base, status: 'failed' as const, notify: false };
  const claimed = await db
    .update(payments)
    .set({ returnNotifiedAt: new Date() })
    .where(and(eq(payments.id, payment.id), isNull(payments.returnNotifiedAt)))
    .returning({ id: payments.id });
  return { ...base, status: 'completed' as const, notify: claimed.length > 0 };
}
