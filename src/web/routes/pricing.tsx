import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SIGNUP_BONUS_TERMS, type PlanId } from '../../shared/plans.ts';
import { buttonVariants } from '../components/ui/button-variants.ts';
import { paths } from '../config/paths.ts';
import { FeaturesForAll, PlanCards } from '../features/marketing/components/plan-cards.tsx';
import { PricingFaq } from '../features/marketing/components/pricing-faq.tsx';
import { usePurchaseFlow } from '../features/payments/hooks/use-purchase-flow.ts';
import { useSession } from '../lib/auth/session.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

// The purchase dialog (Radix) loads when a signed-in user first picks a paid plan.
const PurchaseDialog = lazy(async () => ({
  default: (await import('../features/payments/components/purchase-dialog.tsx')).PurchaseDialog,
}));

export function PricingRoute() {
  useDocumentTitle('料金プラン');
  const session = useSession();
  const purchase = usePurchaseFlow();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const canceled = params.get('canceled') === 'true';
  const [dialogUsed, setDialogUsed] = useState(false);

  function selectPlan(planId: PlanId) {
    if (planId === 'free') {
      // docs/spec.md §5: the free plan only needs an account; an account (buyer or not) has it.
      if (session.user) void navigate(paths.generate);
      else session.redirectToSignIn(paths.generate, { signUp: true });
      return;
    }
    if (!session.user) {
      session.redirectToSignIn(paths.pricing);
      return;
    }
    setDialogUsed(true);
    purchase.open(planId);
  }

  return (
    <div>
      <section className="mx-auto max-w-6xl px-4 py-14">
        {canceled && (
          <p
            role="status"
            className="mb-8 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            お支払いはキャンセルされました。料金は発生していません。プランはいつでも選び直せます。
          </p>
        )}
        <div className="text-center">
          <h1 className="text-3xl font-bold md:text-4xl">料金プラン</h1>
          <p className="mt-3 text-slate-600">
            FAQ1件＝1クレジット。必要な分だけ購入できる買い切り型です。
          </p>
        </div>
        <div className="mt-12">
          <h2 className="sr-only">プラン一覧</h2>
          <PlanCards
            onSelectPlan={selectPlan}
            buttonText={(plan) =>
              plan.id === 'free' && session.user ? 'FAQ生成を始める' : plan.buttonText
            }
          />
        </div>
        <div className="mt-8">
          <FeaturesForAll />
        </div>
      </section>
      <PricingFaq />
      <section className="bg-blue-600 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-12 text-center">
          <h2 className="text-2xl font-bold">まずは無料で試してみませんか</h2>
          <p className="text-white">{SIGNUP_BONUS_TERMS}。クレジットカードの登録は不要です。</p>
          {session.user ? (
            <Link
              to={paths.generate}
              className={buttonVariants({ variant: 'secondary', size: 'lg' })}
            >
              FAQ生成を始める
            </Link>
          ) : (
            <button
              type="button"
              className={buttonVariants({ variant: 'secondary', size: 'lg' })}
              onClick={() => session.redirectToSignIn(paths.generate, { signUp: true })}
            >
              無料で始める
            </button>
          )}
        </div>
      </section>
      {dialogUsed && (
        <Suspense fallback={null}>
          <PurchaseDialog flow={purchase} />
        </Suspense>
      )}
    </div>
  );
}
