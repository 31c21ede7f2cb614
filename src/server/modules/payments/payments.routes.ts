import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  purchaseStatusQuerySchema,
  paymentReturnRequestSchema,
  paymentReturnSchema,
  purchaseStatusSchema,
} from '../../../shared/payments.ts';
import { findPlan } from '../../../shared/plans.ts';
import { escapeHtml } from '../../../shared/escape-html.ts';
import { formatYenPlain } from '../../lib/format.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { paymentIncidentRoutes } from './payment-incidents.routes.ts';
import { receiptRoutes } from './receipts.routes.ts';
import { handleStripeEvent, verifyStripeEvent } from './stripe-events.ts';
import {
  completePurchase,
  confirmReturn,
  createCheckoutProvider,
  findDemoPayment,
  latestPurchase,
  startCheckout,
  StripeCheckoutProvider,
  type CheckoutProvider,
} from './payments.service.ts';

export interface PaymentsRoutesOptions {
  /** Tests point the Stripe SDK at a local server speaking its API. */
  stripeOptions?: Stripe.StripeConfig;
}

const sessionIdParams = z.object({ sessionId: z.string().regex(/^demo_[A-Za-z0-9_-]{20,64}$/) });

function demoPage(input: {
  brand: string;
  planName: string;
  price: string;
  credits: number;
  action: string;
  cancelUrl: string;
  done: boolean;
}) {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>デモ決済 — ${e(input.brand)}</title>
<style>
body{font-family:'Hiragino Sans','Noto Sans CJK JP',Meiryo,sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:24px}
main{max-width:420px;margin:40px auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px}
.badge{background:#fef3c7;color:#92400e;border-radius:8px;padding:12px;font-weight:600}
dl{display:grid;grid-template-columns:1fr auto;gap:8px;margin:24px 0}dd{margin:0;font-weight:600;text-align:right}
button{width:100%;height:44px;border:0;border-radius:8px;background:#2563eb;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
.back{display:block;margin-top:16px;text-align:center;color:#1d4ed8;font-weight:600}
</style></head><body><main>
<h1>お支払い（デモ）</h1>
<p class="badge" role="note">デモ決済 — 実際の請求は発生しません</p>
<dl><dt>プラン</dt><dd>${e(input.planName)}</dd><dt>金額（税込）</dt><dd>${e(input.price)}</dd><dt>付与クレジット</dt><dd>${input.credits}</dd></dl>
${
  input.done
    ? '<p>このお支払いは完了しています。このタブを閉じてください。</p>'
    : `<form method="post" action="${e(input.action)}"><button type="submit">支払う（デモ）</button></form>
<a class="back" href="${e(input.cancelUrl)}">キャンセルして戻る</a>`
}
</main></body></html>`;
}

/** Stripe signs the exact bytes it sent, so the webhook reads a raw body in its own scope. */
async function webhookRoute(app: FastifyInstance, provider: CheckoutProvider | null) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/payments/webhook',
    { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const secret = app.config.STRIPE_WEBHOOK_SECRET;
      const signature = request.headers['stripe-signature'];
      if (!(provider instanceof StripeCheckoutProvider) || !secret)
        throw notFound('Webhookは設定されていません');
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw badRequest('署名がありません');
      const event = verifyStripeEvent(provider.stripe, request.body, signature, secret);
      const emailIds = await handleStripeEvent(
        { db: app.db, log: request.log, mail: app.config },
        event,
      );
      for (const emailId of emailIds) app.mail.deliverLater(emailId);
      return reply.send({ received: true });
    },
  );
}

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  options,
) => {
  const provider = createCheckoutProvider(app.config, options.stripeOptions);

  app.post(
    '/payments/checkout',
    {
      preHandler: app.requireUser,
      schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } },
    },
    async (request) => ({
      url: await startCheckout(
        app.db,
        app.config,
        provider,
        currentUser(request),
        request.body.planId,
      ),
    }),
  );

  app.get(
    '/payments/status',
    {
      preHandler: app.requireUser,
      schema: { querystring: purchaseStatusQuerySchema, response: { 200: purchaseStatusSchema } },
    },
    async (request) => {
      const payment = await latestPurchase(app.db, currentUser(request).id, request.query.plan);
      return {
        planId: request.query.plan,
        // A later refund does not make the purchase pending again; a failed one is no purchase.
        status:
          !payment || payment.status === 'failed'
            ? ('none' as const)
            : payment.status === 'pending'
              ? ('pending' as const)
              : ('completed' as const),
        credits: payment?.credits ?? 0,
        completedAt: payment?.completedAt?.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/payments/return',
    {
      preHandler: app.requireUser,
      schema: { body: paymentReturnRequestSchema, response: { 200: paymentReturnSchema } },
    },
    async (request) => confirmReturn(app.db, currentUser(request).id, request.body.sessionId),
  );

  await app.register(paymentIncidentRoutes);
  await app.register(receiptRoutes);
  await app.register(async (scope) => webhookRoute(scope, provider));

  if (provider?.name !== 'demo') return;

  // The demo checkout page is a capability URL (an unguessable session id), like a hosted
  // checkout page: the tab it opens in carries no credentials.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
      done(null, {}),
    );

    scope.get(
      '/payments/demo/checkout/:sessionId',
      { schema: { params: sessionIdParams } },
      async (request, reply) => {
        const payment = await findDemoPayment(app.db, request.params.sessionId);
        if (!payment) throw notFound('決済が見つかりません');
        const plan = findPlan(payment.planId);
        return reply.type('text/html; charset=utf-8').send(
          demoPage({
            brand: app.config.BRAND_NAME,
            planName: `${plan?.name ?? payment.planId}プラン`,
            price: formatYenPlain(payment.amountYen),
            credits: payment.credits,
            action: `/api/payments/demo/checkout/${payment.sessionId}/complete`,
            cancelUrl: `${app.config.publicUrl}/pricing?canceled=true`,
            done: payment.status === 'completed',
          }),
        );
      },
    );

    scope.post(
      '/payments/demo/checkout/:sessionId/complete',
      { schema: { params: sessionIdParams } },
      async (request, reply) => {
        const payment = await findDemoPayment(app.db, request.params.sessionId);
        if (!payment) throw notFound('決済が見つかりません');
        const result = await completePurchase(app.db, {
          sessionId: payment.sessionId,
          provider: 'demo',
          mail: app.config,
        });
        for (const emailId of result.emailIds) app.mail.deliverLater(emailId);
        return reply.redirect(
          `${app.config.publicUrl}/credits?success=true&plan=${payment.planId}&session_id=${payment.sessionId}`,
          303,
        );
      },
    );
  });
};
