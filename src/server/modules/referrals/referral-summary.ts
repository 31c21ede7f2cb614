import { desc, eq } from 'drizzle-orm';
import { REFERRAL_PURCHASE_BONUS, REFERRAL_SIGNUP_BONUS } from '../../../shared/limits.ts';
import {
  maskEmail,
  REFERRAL_STATUS_LABELS,
  type ReferralSummary,
} from '../../../shared/referrals.ts';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { referrals, users } from '../../db/schema.ts';

function creditsFor(row: {
  signupBonusGiven: number;
  purchaseBonusGiven: number;
  purchaseBonusRevokedAt: Date | null;
}): number {
  // A bonus taken back after its purchase was refunded is no longer earned.
  return (
    (row.signupBonusGiven ? REFERRAL_SIGNUP_BONUS : 0) +
    (row.purchaseBonusGiven && !row.purchaseBonusRevokedAt ? REFERRAL_PURCHASE_BONUS : 0)
  );
}

/** The user's referral code, link, figures and history, newest first (GET /api/referrals). */
export async function referralSummary(
  db: DbOrTx,
  config: Config,
  userId: string,
): Promise<ReferralSummary> {
  const [user] = await db
    .select({ code: users.referralCode })
    .from(users)
    .where(eq(users.id, userId));
  const rows = await db
    .select({
      referral: referrals,
      referredEmail: users.email,
      referredDeletedAt: users.deletedAt,
    })
    .from(referrals)
    .leftJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(referrals.referrerUserId, userId))
    .orderBy(desc(referrals.createdAt))
    .then((joined) =>
      joined.map(({ referral, referredEmail, referredDeletedAt }) => ({
        ...referral,
        // A deleted account's address is a placeholder: it is shown as gone, not masked.
        referred: referredEmail && !referredDeletedAt ? maskEmail(referredEmail) : null,
      })),
    );
  const code = user?.code ?? null;
  return {
    code,
    link: code ? `${config.publicUrl}/?ref=${encodeURIComponent(code)}` : null,
    stats: {
      totalReferrals: rows.length,
      successfulReferrals: rows.filter(
        (row) => row.status === 'completed' || row.status === 'rewarded',
      ).length,
      pendingReferrals: rows.filter(
        (row) => row.status === 'pending' || row.status === 'registered',
      ).length,
      signupBonuses: rows.filter((row) => row.signupBonusGiven).length,
      creditsEarned: rows.reduce((sum, row) => sum + creditsFor(row), 0),
    },
    history: rows.map((row) => ({
      id: row.id,
      referred: row.referred,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      statusLabel: REFERRAL_STATUS_LABELS[row.status] ?? row.status,
      creditsReceived: creditsFor(row),
    })),
  };
}
