import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/server/db/schema.ts';
import { grantCredits } from '../../src/server/modules/credits/ledger.ts';
import {
  signAccessToken,
  USER_TOKEN_AUDIENCE,
} from '../../src/server/modules/auth/access-token.ts';

export interface SeededUser {
  id: string;
  email: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

/**
 * A user inserted straight into the database with a valid access token, for tests of
 * features other than sign-up itself. Credits go through the real ledger.
 */
export async function seedUser(
  app: FastifyInstance,
  options: { email?: string; credits?: number; displayName?: string; confirmed?: boolean } = {},
): Promise<SeededUser> {
  const id = randomUUID();
  const email = options.email ?? `user-${id.slice(0, 8)}@example.jp`;
  await app.db.insert(users).values({
    id,
    email,
    passwordHash: 'not-a-real-hash',
    displayName: options.displayName ?? null,
    // Confirmed unless a test means otherwise: model-backed work needs it (ADR 025).
    emailConfirmedAt: options.confirmed === false ? null : new Date(),
  });
  if (options.credits && options.credits > 0) {
    await grantCredits(app.db, {
      userId: id,
      amount: options.credits,
      type: 'signup_bonus',
      description: '新規登録ボーナス',
    });
  }
  const token = await signAccessToken(app.config.jwtSecret, USER_TOKEN_AUDIENCE, {
    sub: id,
    email,
  });
  return { id, email, token, headers: { authorization: `Bearer ${token}` } };
}
