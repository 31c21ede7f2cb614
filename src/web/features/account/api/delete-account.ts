import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '../../../../shared/account.ts';
import { api } from '../../../lib/api-client.ts';

export const deleteAccount = (body: DeleteAccountRequest) =>
  api.delete('/api/account', { body }).then(() => undefined);

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
