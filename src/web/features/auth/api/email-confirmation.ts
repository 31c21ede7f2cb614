import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  confirmEmailResponseSchema,
  resendConfirmationResponseSchema,
} from '../../../../shared/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { showError } from '../../../lib/show-error.ts';
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

/**
 * The toasts belong to the mutation, not to the call: the session refetch after a resend can
 * re-mount the button that sent it, and a call's own callbacks are dropped with their component.
 */
export function useResendConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendConfirmation,
    onSuccess: (result) => {
      toast.success(
        result.alreadyConfirmed ? 'メールアドレスは確認済みです' : '確認メールを再送しました',
      );
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    onError: (error) => showError(error, '確認メールを再送できませんでした'),
  });
}
