import type { PlanId } from '../../../../shared/plans.ts';
import { api } from '../../../lib/api-client.ts';

export async function createCheckout(planId: PlanId): Promise<string> {
  // Checked by hand rather than with checkoutResponseSchema: the pricing page loads no zod
  // (docs/adr/021-public-page-javascript.md), and a reply without a URL has its own message
  // (docs/spec.md §8).
  const response = (await api.post('/api/payments/checkout', { planId })) as {
    url?: unknown;
  } | null;
  if (typeof response?.url !== 'string' || response.url === '') {
    throw new Error('Checkout URLの作成に失敗しました');
  }
  return response.url;
}
