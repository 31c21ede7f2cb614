import { useMutation } from '@tanstack/react-query';
import type { EmailChangeRequest } from '../../../../shared/account.ts';
import { api } from '../../../lib/api-client.ts';

export const requestEmailChange = (body: EmailChangeRequest) =>
  api.post<{ ok: true }>('/api/account/email-change', body);

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
