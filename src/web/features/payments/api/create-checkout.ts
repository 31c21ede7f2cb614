import type { PlanId } from '../../../../shared/plans.ts';
import { api } from '../../../lib/api-client.ts';

export async function createCheckout(planId: PlanId): Promise<string> {
  const response = await api.post<{ url?: unknown }>('/api/payments/checkout', { planId });
  if (typeof response?.url !== 'string' || response.url === '') {
    throw new Error('Checkout URLの作成に失敗しました');
  }
  return response.url;
}
