import type { PaymentReturn } from '../../../../shared/payments.ts';
import { api } from '../../../lib/api-client.ts';

export const confirmPaymentReturn = (sessionId: string) =>
  api.post<PaymentReturn>('/api/payments/return', { sessionId });
