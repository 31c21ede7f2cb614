import { useMutation } from '@tanstack/react-query';
import { emailChangeAcceptedSchema, type EmailChangeRequest } from '../../../../shared/account.ts';
import { api } from '../../../lib/api-client.ts';

export const requestEmailChange = (body: EmailChangeRequest) =>
  api.post('/api/account/email-change', body, { schema: emailChangeAcceptedSchema });

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
