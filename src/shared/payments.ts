import { z } from 'zod';

export const checkoutRequestSchema = z.object({
  planId: z.enum(['free', 'light', 'standard', 'pro'], { error: 'プランを選択してください' }),
});
export const checkoutResponseSchema = z.object({ url: z.string() });

/** The latest purchase of a plan, so /credits can confirm crediting before toasting. */
export const purchaseStatusQuerySchema = z.object({ plan: z.enum(['light', 'standard', 'pro']) });
export const purchaseStatusSchema = z.object({
  planId: z.string(),
  status: z.enum(['none', 'pending', 'completed']),
  credits: z.number().int(),
  completedAt: z.string().nullable(),
});
export type PurchaseStatus = z.infer<typeof purchaseStatusSchema>;

/**
 * Back from checkout (/credits?success=true&plan=…&session_id=…): the server confirms that
 * checkout session of the signed-in user. `notify` is true exactly once per session, the
 * first time it is seen completed, so reloads and revisits show nothing.
 */
export const paymentReturnRequestSchema = z.object({
  sessionId: z
    .string({ error: '決済セッションが指定されていません' })
    .trim()
    .min(1, '決済セッションが指定されていません')
    .max(255),
});
export const paymentReturnSchema = z.object({
  planId: z.string().nullable(),
  /**
   * `awaiting_payment`: the checkout page was completed without the money (コンビニ, 銀行振込);
   * the credits follow when the payment arrives, possibly days later (ADR 033).
   */
  status: z.enum(['none', 'pending', 'awaiting_payment', 'completed', 'failed']),
  credits: z.number().int(),
  notify: z.boolean(),
});
export type PaymentReturn = z.infer<typeof paymentReturnSchema>;

/** The consumption tax rate on every credit pack (標準税率). */
export const TAX_RATE_PERCENT = 10;

/**
 * The tax included in a tax-inclusive price (内税), rounded down once per receipt:
 * floor(amount × 10 / 110). ¥1,000 → ¥90, ¥4,000 → ¥363, ¥12,000 → ¥1,090.
 */
export function includedTaxYen(amountYen: number): number {
  return Math.floor((amountYen * TAX_RATE_PERCENT) / (100 + TAX_RATE_PERCENT));
}

/** A purchase in the buyer's history (completed at some time; refunds shown as such). */
export const purchaseSchema = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  credits: z.number().int(),
  amountYen: z.number().int(),
  taxYen: z.number().int(),
  status: z.enum(['completed', 'refunded', 'partially_refunded']),
  refundedYen: z.number().int(),
  completedAt: z.string(),
  receiptUrl: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchaseListSchema = z.object({ purchases: z.array(purchaseSchema) });

/** 宛名 on receipts: a person's or a company's name. */
export const billingProfileSchema = z.object({
  name: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;
export const billingProfileRequestSchema = z.object({
  name: z
    .string({ error: '宛名を入力してください' })
    .trim()
    .min(1, '宛名を入力してください')
    .max(100, '宛名は100文字以内で入力してください')
    .refine(
      // eslint-disable-next-line no-control-regex -- control characters are what is refused
      (value) => !/[\u0000-\u001f\u007f]/.test(value),
      '宛名に使用できない文字が含まれています',
    ),
});
