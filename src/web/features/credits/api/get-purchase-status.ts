import type { PurchaseStatus } from '../../../../shared/payments.ts';
import { api } from '../../../lib/api-client.ts';

export const getPurchaseStatus = (plan: string) =>
  api.get<PurchaseStatus>(`/api/payments/status?plan=${encodeURIComponent(plan)}`);
