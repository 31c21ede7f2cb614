import { useMutation } from '@tanstack/react-query';
import { checkoutResponseSchema } from '../../../../shared/payments.ts';
import type { PlanId } from '../../../../shared/plans.ts';
import { api } from '../../../lib/api-client.ts';

export async function createCheckout(planId: PlanId): Promise<string> {
  // Parsed here rather than by the client: a reply without a URL has its own message (spec §8).
  const parsed = checkoutResponseSchema.safeParse(
    await api.post('/api/payments/checkout', { planId }),
  );
  if (!parsed.success || parsed.data.url === '') {
    throw new Error('Checkout URLの作成に失敗しました');
  }
  return parsed.data.url;
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
