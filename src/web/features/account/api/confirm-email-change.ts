import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeConfirmed } from '../../../../shared/account.ts';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/auth/session.tsx';

export const confirmEmailChange = (token: string) =>
  api.post<EmailChangeConfirmed>('/api/account/email-change/confirm', { token });

/** The header and the settings show the new address (and any confirmation bonus) at once. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
