import { useState } from 'react';
import { Link } from 'react-router';
import { Gift, TrendingUp } from 'lucide-react';
import { toast } from 'sonner';
import { USAGE_TABLE_PAGE_SIZE } from '../../shared/limits.ts';
import { PLANS } from '../../shared/plans.ts';
import { Button, buttonVariants } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { ConfirmForCredits } from '../features/auth/components/confirm-for-credits.tsx';
import { useCredits } from '../features/credits/api/get-credits.ts';
import { UsageTable } from '../features/credits/components/usage-table.tsx';
import { usePaymentReturn } from '../features/credits/hooks/use-payment-return.ts';
import { PlanCards } from '../features/marketing/components/plan-cards.tsx';
import { BillingProfileForm } from '../features/payments/components/billing-profile-form.tsx';
import { PurchaseDialog } from '../features/payments/components/purchase-dialog.tsx';
import { PurchaseHistory } from '../features/payments/components/purchase-history.tsx';
import { usePurchaseFlow } from '../features/payments/hooks/use-purchase-flow.ts';
import { useCreateReferralLink, useReferrals } from '../features/referrals/api/referrals.ts';
import { ReferralStatsCard } from '../features/referrals/components/referral-stats-card.tsx';
import { ShareDialog } from '../features/referrals/components/share-dialog.tsx';
import { useSession } from '../lib/auth/session.tsx';
import { formatNumber } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const PAID_PLANS = PLANS.filter((plan) => plan.priceYen > 0);

export function CreditsRoute() {
  useDocumentTitle('クレジット');
  usePaymentReturn();
  const session = useSession();
  const credits = useCredits();
  const referrals = useReferrals();
  const createLink = useCreateReferralLink();
  const purchase = usePurchaseFlow();
  const [shareOpen, setShareOpen] = useState(false);
  const [visible, setVisible] = useState(USAGE_TABLE_PAGE_SIZE);
  const user = session.user;
  const transactions = credits.data?.pages.flatMap((page) => page.transactions) ?? [];
  const balance = credits.data?.pages[0]?.balance ?? user?.credits ?? 0;

  async function getFreeCredits() {
    try {
      const summary = referrals.data?.link ? referrals.data : await createLink.mutateAsync();
      if (summary.link) setShareOpen(true);
    } catch {
      toast.error('紹介リンクの生成に失敗しました');
    }
  }

  async function showMore() {
    const next = visible + USAGE_TABLE_PAGE_SIZE;
    if (next > transactions.length && credits.hasNextPage) await credits.fetchNextPage();
    setVisible(next);
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold">クレジット</h1>
      <Card className="bg-gradient-to-r from-blue-600 to-indigo-600 text-white">
        <CardContent className="flex flex-col gap-4 p-6 md:flex-row md:items-center md:justify-between">
          <div>
            <p className="text-sm text-white">{user?.displayName || user?.email}</p>
            <p className="mt-1 text-4xl font-bold" data-testid="credits-balance">
              {formatNumber(balance)}
              <span className="ml-2 text-lg font-medium">クレジット</span>
            </p>
            <p className="mt-1 text-white">あと{formatNumber(balance)}件のFAQを生成できます</p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link to={paths.pricing} className={buttonVariants({ variant: 'secondary' })}>
              <TrendingUp aria-hidden="true" className="h-4 w-4" />
              アップグレード
            </Link>
            <Button
              variant="secondary"
              onClick={() => void getFreeCredits()}
              disabled={createLink.isPending}
            >
              <Gift aria-hidden="true" className="h-4 w-4" />
              無料クレジットを獲得
            </Button>
          </div>
        </CardContent>
      </Card>

      {user && user.emailConfirmed === false && <ConfirmForCredits email={user.email} />}

      {referrals.data?.code && <ReferralStatsCard stats={referrals.data.stats} />}

      <Card>
        <CardHeader>
          <CardTitle>クレジットを購入</CardTitle>
        </CardHeader>
        <CardContent>
          {/* Only what can be bought here: the free credits came with the account. */}
          <PlanCards plans={PAID_PLANS} onSelectPlan={(planId) => purchase.open(planId)} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>購入履歴・領収書</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <BillingProfileForm />
          <PurchaseHistory />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>利用履歴</CardTitle>
        </CardHeader>
        <CardContent>
          {credits.isPending ? (
            <Spinner label="読み込み中…" />
          ) : credits.isError ? (
            <p role="alert" className="text-red-700">
              利用履歴を読み込めませんでした。
            </p>
          ) : (
            <UsageTable
              transactions={transactions}
              visible={visible}
              hasMoreOnServer={credits.hasNextPage}
              loadingMore={credits.isFetchingNextPage}
              onShowMore={() => void showMore()}
            />
          )}
        </CardContent>
      </Card>
      {referrals.data?.link && (
        <ShareDialog link={referrals.data.link} open={shareOpen} onOpenChange={setShareOpen} />
      )}
      <PurchaseDialog flow={purchase} />
    </div>
  );
}
