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
