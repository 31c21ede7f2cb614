import { z } from 'zod';

/** The few settings the browser may know: brand and seller details for the legal pages. */
export const publicConfigSchema = z.object({
  brandName: z.string(),
  projectId: z.string(),
  environment: z.enum(['development', 'production', 'test']),
  supportEmail: z.string(),
  seller: z.object({
    name: z.string(),
    representative: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
  }),
  /**
   * 支払方法 and 支払時期 as the legal notice states them, from STRIPE_PAYMENT_METHODS
   * (ADR 033). Absent from an older server: the notice then says クレジットカード決済.
   */
  payment: z.object({ methods: z.string(), timing: z.string() }).optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
