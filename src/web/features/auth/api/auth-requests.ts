import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { TokenSet } from '../../../lib/auth/token-store.ts';

export interface AuthResponse extends TokenSet {
  user: { id: string; email: string };
}

export const signUp = (body: {
  email: string;
  password: string;
  displayName?: string;
  ref?: string;
}) => api.post<AuthResponse>('/api/auth/signup', body, { anonymous: true });

export const signIn = (body: { email: string; password: string }) =>
  api.post<AuthResponse>('/api/auth/login', body, { anonymous: true });

export const requestPasswordReset = (email: string) =>
  api.post<{ ok: true }>('/api/auth/password-reset/request', { email }, { anonymous: true });

export const confirmPasswordReset = (token: string, password: string) =>
  api.post<void>('/api/auth/password-reset/confirm', { token, password }, { anonymous: true });

export const useSignUp = () => useMutation({ mutationFn: signUp });
export const useSignIn = () => useMutation({ mutationFn: signIn });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      confirmPasswordReset(token, password),
  });
