import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '../../src/shared/auth.ts';

/** A fresh address per call, so tests in one file never collide. */
export const uniqueEmail = (prefix = 'user'): string =>
  `${prefix}-${randomUUID().slice(0, 12)}@example.jp`;

/** Signs up through the real endpoint and returns the parsed 201 body. */
export async function signupViaApi(
  app: FastifyInstance,
  body: { email?: string; password?: string; displayName?: string; ref?: string } = {},
): Promise<AuthResponse & { password: string }> {
  const password = body.password ?? 'password123';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: uniqueEmail(), ...body, password },
  });
  if (response.statusCode !== 201) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  return { ...(response.json() as AuthResponse), password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
