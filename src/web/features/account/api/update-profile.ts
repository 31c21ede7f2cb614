import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey, type CurrentUser } from '../../../lib/auth/session.tsx';

export const updateProfile = (body: { displayName?: string | null }) =>
  api.patch<CurrentUser>('/api/auth/me', body);

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
  return api.post<CurrentUser>('/api/account/avatar', form);
};

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
