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
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
