import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/http-error.ts';
import {
  ADMIN_TOKEN_AUDIENCE,
  bearerToken,
  verifyAccessToken,
} from '../modules/auth/access-token.ts';
import { findActiveAdmin } from '../modules/admin/admin.service.ts';

type Admin = NonNullable<Awaited<ReturnType<typeof findActiveAdmin>>>;

declare module 'fastify' {
  interface FastifyRequest {
    admin?: Admin & { loginAt: string; sessionId: string | null };
  }
  interface FastifyInstance {
    /** onRequest: 401 unless the request carries a valid admin token of an active admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const LOGIN_REQUIRED = '管理者ログインが必要です';

/**
 * Decorated on the root instance, not inside the admin module: every module with an
 * operator-only route (notifications, analytics) must get the same guard, and an
 * encapsulated decorator would silently be undefined there.
 */
export function registerAdminGuard(app: FastifyInstance): void {
  app.decorateRequest('admin', undefined);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized(LOGIN_REQUIRED);
    const result = await verifyAccessToken(app.config.jwtSecret, ADMIN_TOKEN_AUDIENCE, token);
    if (!result.ok)
      throw unauthorized(
        result.reason === 'expired'
          ? '管理者セッションの有効期限が切れました。もう一度ログインしてください'
          : LOGIN_REQUIRED,
      );
    const admin = await findActiveAdmin(app.db, result.claims.sub);
    if (!admin) throw unauthorized(LOGIN_REQUIRED);
    const sessionId = typeof result.claims.sid === 'string' ? result.claims.sid : null;
    if (!sessionStillValid(admin, sessionId, result.claims.loginAt))
      throw unauthorized('パスワードが変更されました。もう一度ログインしてください');
    request.admin = {
      ...admin,
      sessionId,
      loginAt: String(result.claims.loginAt ?? new Date().toISOString()),
    };
  });
}

/**
 * A password change ends the admin's other sessions: tokens from sign-ins before the change
 * are refused, except the session that made the change.
 */
function sessionStillValid(admin: Admin, sessionId: string | null, loginAt: unknown): boolean {
  if (!admin.sessionsValidAfter) return true;
  if (sessionId !== null && sessionId === admin.keptSessionId) return true;
  const signedInAt = typeof loginAt === 'string' ? Date.parse(loginAt) : Number.NaN;
  return Number.isFinite(signedInAt) && signedInAt >= admin.sessionsValidAfter.getTime();
}

export const adminGuardPlugin = fp(async (app) => registerAdminGuard(app), {
  name: 'admin-guard',
  fastify: '5.x',
  dependencies: ['app-context', 'error-handler'],
});
