import { useState } from 'react';
import { findPlan, type Plan, type PlanId } from '../../../../shared/plans.ts';
import { lazyToast } from '../../../lib/lazy-toast.ts';
import { errorMessage } from '../../../lib/show-error.ts';
import { createCheckout } from '../api/create-checkout.ts';

export interface PurchaseFlow {
  plan: Plan | null;
  processing: boolean;
  open(planId: PlanId): void;
  close(): void;
  buy(): Promise<void>;
}

/**
 * docs/spec.md §4 Purchase: pick a paid plan → dialog → 購入 starts a checkout session ('処理中…',
 * disabled) → the checkout page opens in a new tab.
 */
export function usePurchaseFlow(): PurchaseFlow {
  const [plan, setPlan] = useState<Plan | null>(null);
  // Plain state rather than a TanStack mutation: the pricing page loads no query client.
  const [processing, setProcessing] = useState(false);

  async function buy() {
    if (!plan) return;
    // Open the tab inside the click so popup blockers allow it; point it at checkout after.
    const tab = window.open('about:blank', '_blank');
    setProcessing(true);
    try {
      const url = await createCheckout(plan.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.href = url;
      }
      setPlan(null);
    } catch (error) {
      tab?.close();
      console.warn('checkout failed', error);
      // A refused start (too many pages opened in an hour) says why; anything else stays generic.
      lazyToast('error', errorMessage(error, '決済処理でエラーが発生しました'));
    } finally {
      setProcessing(false);
    }
  }

  return {
    plan,
    processing,
    open: (planId) => setPlan(findPlan(planId) ?? null),
    close: () => setPlan(null),
    buy,
  };
}
