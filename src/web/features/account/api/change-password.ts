import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '../../../../shared/account.ts';
import { tokenSetSchema } from '../../../../shared/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth/session.tsx';

export const changePassword = (body: ChangePasswordRequest) =>
  api.post('/api/account/password', body, { schema: tokenSetSchema });

/** Every other session ends; this tab carries on with the fresh token set it is given. */
export function useChangePassword() {
  const session = useSession();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (tokens) => session.establish(tokens),
  });
}
