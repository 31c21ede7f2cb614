import { useMutation } from '@tanstack/react-query';
import {
  authResponseSchema,
  passwordResetAcceptedSchema,
  type LoginRequest,
  type SignupRequest,
} from '../../../../shared/auth.ts';
import { api } from '../../../lib/api-client.ts';

export const signUp = (body: SignupRequest) =>
  api.post('/api/auth/signup', body, { anonymous: true, schema: authResponseSchema });

export const signIn = (body: LoginRequest) =>
  api.post('/api/auth/login', body, { anonymous: true, schema: authResponseSchema });

export const requestPasswordReset = (email: string) =>
  api.post(
    '/api/auth/password-reset/request',
    { email },
    { anonymous: true, schema: passwordResetAcceptedSchema },
  );

export const confirmPasswordReset = (token: string, password: string) =>
  api.post('/api/auth/password-reset/confirm', { token, password }, { anonymous: true });

export const useSignUp = () => useMutation({ mutationFn: signUp });
export const useSignIn = () => useMutation({ mutationFn: signIn });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      confirmPasswordReset(token, password),
  });
