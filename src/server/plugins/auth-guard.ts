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
    // A deleted user's still-valid token must not keep working.
    const row = await findTokenHolder(app.db, result.claims.sub);
    if (!row || row.deletedAt) throw unauthorized(MESSAGES.authenticationRequired);
    if (row.suspendedAt) throw new HttpError(403, ACCOUNT_SUSPENDED);
    // Logout and a password change raise the version: older tokens end at once, and the
    // client's refresh (if its session still exists) gets a current one.
    if (!isCurrentTokenVersion(result.claims, row.tokenVersion))
      throw unauthorized(MESSAGES.sessionExpired);
    request.user = { id: row.id, email: row.email };
  });
}

/** Tokens from before versions existed carry none and count as version 0. */
export function isCurrentTokenVersion(claims: { tv?: number }, tokenVersion: number): boolean {
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
