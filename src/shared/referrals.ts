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
      /**
       * Who joined through the link, as a masked address (t***@example.com): the referrer
       * recognises a friend without learning another user's full address. Null once that
       * account is deleted.
       */
      referred: z.string().nullable(),
      /** When they registered through the link. */
      createdAt: z.string(),
      status: z.string(),
      statusLabel: z.string(),
      creditsReceived: z.number().int(),
    }),
  ),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

/**
 * An address shown to someone other than its owner: the first character of the mailbox and the
 * domain (taro@example.com → t***@example.com).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${Array.from(email.slice(0, at))[0]}***${email.slice(at)}`;
}
