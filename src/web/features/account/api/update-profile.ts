import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserSchema, type UpdateMeRequest } from '../../../../shared/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/auth/session.tsx';

export const updateProfile = (body: Pick<UpdateMeRequest, 'displayName'>) =>
  api.patch('/api/auth/me', body, { schema: currentUserSchema });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}

export const uploadAvatar = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.post('/api/account/avatar', form, { schema: currentUserSchema });
};

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
