import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../shared/messages.ts';
import { HttpError, unauthorized } from '../lib/http-error.ts';
import { ACCOUNT_SUSPENDED } from '../../shared/auth.ts';
import {
  bearerToken,
  USER_TOKEN_AUDIENCE,
  verifyAccessToken,
} from '../modules/auth/access-token.ts';
import type { DbOrTx } from '../db/client.ts';
import { findTokenHolder } from '../modules/auth/token-holder.ts';

export interface AuthenticatedUser {
  id: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; undefined on routes that do not require a user. */
    user?: AuthenticatedUser;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid, unexpired user access token. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Named for what it requires (epic-stack): routes say `preHandler: app.requireUser`. */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('user', undefined);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized(MESSAGES.authenticationRequired);
    const result = await verifyAccessToken(app.config.jwtSecret, USER_TOKEN_AUDIENCE, token);
    if (!result.ok) {
      throw unauthorized(
        result.reason === 'expired' ? MESSAGES.sessionExpired : MESSAGES.authenticationRequired,
      );
    }
    const standing = await tokenStanding(app.db, result.claims);
    if (standing.kind === 'gone') throw unauthorized(MESSAGES.authenticationRequired);
    if (standing.kind === 'suspended') throw new HttpError(403, ACCOUNT_SUSPENDED);
    if (standing.kind === 'ended') throw unauthorized(MESSAGES.sessionExpired);
    request.user = { id: standing.holder.id, email: standing.holder.email };
  });
}

export type TokenStanding =
  | { kind: 'honoured'; holder: { id: string; email: string } }
  | { kind: 'gone' }
  | { kind: 'suspended' }
  | { kind: 'ended' };

/**
 * Whether the account behind a verified access token still stands behind it, for the HTTP
 * guard and the realtime socket alike: a deleted account's still-valid token must not keep
 * working, nor a suspended one's; logout and a password change raise the version, so older
 * tokens end at once (the client's refresh, if its session still exists, gets a current one).
 */
export async function tokenStanding(
  db: DbOrTx,
  claims: { sub: string; tv?: number },
): Promise<TokenStanding> {
  const row = await findTokenHolder(db, claims.sub);
  if (!row || row.deletedAt) return { kind: 'gone' };
  if (row.suspendedAt) return { kind: 'suspended' };
  if (!isCurrentTokenVersion(claims, row.tokenVersion)) return { kind: 'ended' };
  return { kind: 'honoured', holder: { id: row.id, email: row.email } };
}

/** Tokens from before versions existed carry none and count as version 0. */
function isCurrentTokenVersion(claims: { tv?: number }, tokenVersion: number): boolean {
  return (typeof claims.tv === 'number' ? claims.tv : 0) === tokenVersion;
}

/** For handlers behind requireUser: the user, or a 401 if the guard was forgotten. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const authGuardPlugin = fp(async (app) => registerAuthGuard(app), {
  name: 'auth-guard',
  fastify: '5.x',
  dependencies: ['app-context', 'error-handler'],
});
