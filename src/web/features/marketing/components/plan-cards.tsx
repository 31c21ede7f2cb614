import { Check } from 'lucide-react';
import { MODEL_USE_TERMS } from '../../../../shared/model-use.ts';
import { FEATURES_FOR_ALL, PLANS, type Plan, type PlanId } from '../../../../shared/plans.ts';
import { clsx } from 'clsx';
import { buttonClassName } from '../../../components/ui/button-variants.ts';
import { formatNumber, formatYen } from '../../../lib/format.ts';

/** Every feature is open to every account; the cards differ only in credits (ADR 014). */
export function FeaturesForAll() {
  return (
    <section
      aria-labelledby="features-for-all"
      className="rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="features-for-all" className="text-lg font-semibold">
        すべてのプランで使える機能
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        プランによる機能の制限はありません。プランの違いはクレジット数と1件あたりの価格だけです。
      </p>
      <ul className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        {FEATURES_FOR_ALL.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-600" />
            {feature}
          </li>
        ))}
      </ul>
      <h3 id="model-use-terms" className="mt-6 text-sm font-semibold">
        AIモデルの利用について
      </h3>
      <ul aria-labelledby="model-use-terms" className="mt-2 grid gap-1 text-sm text-slate-600">
        {MODEL_USE_TERMS.map((term) => (
          <li key={term}>・{term}</li>
        ))}
      </ul>
    </section>
  );
}

export function PlanCards({
  onSelectPlan,
  plans = PLANS,
  buttonText,
}: {
  onSelectPlan: (planId: PlanId) => void;
  plans?: readonly Plan[];
  /** A different label for a plan's button (e.g. the free plan for a signed-in user). */
  buttonText?: (plan: Plan) => string;
}) {
  return (
    <ul
      className={clsx(
        'grid gap-6 sm:grid-cols-2',
        plans.length === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-4',
      )}
    >
      {plans.map((plan) => (
        <li
          key={plan.id}
          aria-label={plan.name}
          className={clsx(
            'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
            plan.popular ? 'border-blue-600 ring-2 ring-blue-600' : 'border-slate-200',
          )}
        >
          {plan.popular && (
            <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-blue-600 px-3 py-1 text-xs font-semibold text-white">
              人気
            </span>
          )}
          <h3 className="text-lg font-semibold">{plan.name}</h3>
          <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
          <p className="mt-4">
            <span className="text-3xl font-bold">{formatYen(plan.priceYen)}</span>
            {plan.priceYen > 0 && (
              <span className="ml-1 text-sm text-slate-500">（税込・買い切り）</span>
            )}
          </p>
          <p className="mt-1 text-sm font-medium text-blue-700">
            {plan.priceYen > 0
              ? `${formatNumber(plan.credits)}クレジット`
              : `メールアドレスの確認で${plan.credits}クレジット`}
          </p>
          <ul className="mt-6 flex-1 space-y-2 text-sm">
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-600" />
                {feature}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={buttonClassName(
              { variant: plan.popular ? 'default' : 'outline' },
              'mt-6 w-full',
            )}
            data-plan-id={plan.id}
            onClick={() => onSelectPlan(plan.id)}
          >
            {buttonText?.(plan) ?? plan.buttonText}
          </button>
        </li>
      ))}
    </ul>
  );
}
