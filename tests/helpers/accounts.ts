import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/db/client.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import type { AuthResponse, CurrentUser } from '../../src/shared/auth.ts';

/** A fresh address per call, so tests in one file never collide. */
export const uniqueEmail = (prefix = 'user'): string =>
  `${prefix}-${randomUUID().slice(0, 12)}@example.jp`;

/** The token of the newest confirmation link mailed to `email` (read from the outbox). */
export async function confirmationTokenFor(app: FastifyInstance, email: string): Promise<string> {
  return confirmationTokenIn(app.db, email);
}

/** The same, for a database a separate server process writes to. */
export async function confirmationTokenIn(db: Database, email: string): Promise<string> {
  const [mail] = await db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'email_confirmation')))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = /confirm-email\?token=([^\s]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation mail for ${email}`);
  return decodeURIComponent(token);
}

/** Opens the confirmation link through the real endpoint. */
export async function confirmEmailViaApi(app: FastifyInstance, email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    payload: { token: await confirmationTokenFor(app, email) },
  });
}

/**
 * Signs up through the real endpoint and, unless `confirm: false`, confirms the address the
 * way its owner would (so the sign-up bonus is there). Returns the 201 body, with the user as
 * it is after confirmation.
 */
export async function signupViaApi(
  app: FastifyInstance,
  body: {
    email?: string;
    password?: string;
    displayName?: string;
    ref?: string;
    confirm?: boolean;
  } = {},
): Promise<AuthResponse & { password: string }> {
  const { confirm = true, ...fields } = body;
  const password = fields.password ?? 'password123';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: uniqueEmail(), ...fields, password },
  });
  if (response.statusCode !== 201) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const result = { ...(response.json() as AuthResponse), password };
  if (!confirm) return result;
  const confirmed = await confirmEmailViaApi(app, result.user.email);
  if (confirmed.statusCode !== 200) {
    throw new Error(`confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
  }
  const me = await app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: bearer(result.access_token),
  });
  return { ...result, user: me.json() as CurrentUser };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
