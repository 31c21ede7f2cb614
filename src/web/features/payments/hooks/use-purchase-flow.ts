import { useState } from 'react';
import { findPlan, type Plan, type PlanId } from '../../../../shared/plans.ts';
import { lazyToast } from '../../../lib/lazy-toast.ts';
import { useCreateCheckout } from '../api/create-checkout.ts';

export interface PurchaseFlow {
  plan: Plan | null;
  processing: boolean;
  open(planId: PlanId): void;
  close(): void;
  buy(): Promise<void>;
}

/**
 * Spec §4 Purchase: pick a paid plan → dialog → 購入 starts a checkout session ('処理中…',
 * disabled) → the checkout page opens in a new tab.
 */
export function usePurchaseFlow(): PurchaseFlow {
  const [plan, setPlan] = useState<Plan | null>(null);
  const checkout = useCreateCheckout();

  async function buy() {
    if (!plan) return;
    // Open the tab inside the click so popup blockers allow it; point it at checkout after.
    const tab = window.open('about:blank', '_blank');
    try {
      const url = await checkout.mutateAsync(plan.id);
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
      lazyToast('error', '決済処理でエラーが発生しました');
    }
  }

  return {
    plan,
    processing: checkout.isPending,
    open: (planId) => setPlan(findPlan(planId) ?? null),
    close: () => setPlan(null),
    buy,
  };
}
