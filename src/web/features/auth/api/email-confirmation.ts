import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  confirmEmailResponseSchema,
  resendConfirmationResponseSchema,
} from '../../../../shared/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/auth/session.tsx';

export const confirmEmail = (token: string) =>
  api.post(
    '/api/auth/confirm-email',
    { token },
    { anonymous: true, schema: confirmEmailResponseSchema },
  );

export const resendConfirmation = () =>
  api.post('/api/auth/confirm-email/resend', {}, { schema: resendConfirmationResponseSchema });

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
