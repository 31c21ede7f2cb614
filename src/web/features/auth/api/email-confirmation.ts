import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/auth/session.tsx';

export interface ConfirmEmailResult {
  ok: true;
  alreadyConfirmed: boolean;
}

export const confirmEmail = (token: string) =>
  api.post<ConfirmEmailResult>('/api/auth/confirm-email', { token }, { anonymous: true });

export const resendConfirmation = () =>
  api.post<ConfirmEmailResult>('/api/auth/confirm-email/resend', {});

/** Confirming grants the sign-up credits: the header balance follows. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useResendConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendConfirmation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
