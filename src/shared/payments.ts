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
  status: z.enum(['none', 'pending', 'completed', 'failed']),
  credits: z.number().int(),
  notify: z.boolean(),
});
export type PaymentReturn = z.infer<typeof paymentReturnSchema>;
