import { paymentReturnSchema } from '../../../../shared/payments.ts';
import { api } from '../../../lib/api-client.ts';

export const confirmPaymentReturn = (sessionId: string) =>
  api.post('/api/payments/return', { sessionId }, { schema: paymentReturnSchema });
