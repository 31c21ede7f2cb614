import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailChangeConfirmedSchema } from '../../../../shared/account.ts';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/auth/session.tsx';

export const confirmEmailChange = (token: string) =>
  api.post('/api/account/email-change/confirm', { token }, { schema: emailChangeConfirmedSchema });

/** The header and the settings show the new address (and any confirmation bonus) at once. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
