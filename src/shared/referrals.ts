import { z } from 'zod';

export const REFERRAL_STATUS_LABELS: Record<string, string> = {
  pending: '保留中',
  registered: '登録済み',
  completed: '登録済み',
  rewarded: '報酬支払済み',
};

export const referralSummarySchema = z.object({
  code: z.string().nullable(),
  link: z.string().nullable(),
  stats: z.object({
    totalReferrals: z.number().int(),
    successfulReferrals: z.number().int(),
    pendingReferrals: z.number().int(),
    signupBonuses: z.number().int(),
    creditsEarned: z.number().int(),
  }),
  history: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      createdAt: z.string(),
      status: z.string(),
      statusLabel: z.string(),
      creditsReceived: z.number().int(),
    }),
  ),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
