import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_INVALID_CREDENTIALS,
  ADMIN_LOGIN_FAILED,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminPasswordSchema,
  adminProfileSchema,
  adminStatsSchema,
  loginHintSchema,
} from '../../../shared/admin.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { noStore } from '../../lib/no-store.ts';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limiter.ts';
import { ADMIN_TOKEN_AUDIENCE, signAccessToken } from '../auth/access-token.ts';
import { ADMIN_DEVICE_COOKIE, setDeviceCookie, trustedDevice } from '../auth/device-cookies.ts';
import { getDummyHash, verifyPassword } from '../auth/passwords.ts';
import { adminUserRoutes } from './admin-users.routes.ts';
import { adminRecordRoutes } from './admin-records.routes.ts';
import {
  adminStats,
  changeAdminPassword,
  DEFAULT_ADMIN_PASSWORD,
  findAdminByUsername,
  ensureFirstAdmin,
  type findActiveAdmin,
  logAdminAction,
} from './admin.service.ts';

const ADMIN_TOKEN_TTL_SECONDS = 2 * 60 * 60;
const TOO_MANY = 'ログインの試行回数が多すぎます。しばらく待ってから再試行してください';

/** The administrator's sign-in limits (ADR 023), per 10 minutes. */
export const ADMIN_LOGIN_LIMITS = {
  perIp: { limit: 30, windowSeconds: 600, message: TOO_MANY },
  perUserAndIp: { limit: 20, windowSeconds: 600, message: TOO_MANY },
  perUser: { limit: 100, windowSeconds: 600, message: TOO_MANY },
  perDevice: { limit: 20, windowSeconds: 600, message: TOO_MANY },
} as const satisfies Record<string, RateLimitRule>;

type Admin = NonNullable<Awaited<ReturnType<typeof findActiveAdmin>>>;

function currentAdmin(request: FastifyRequest) {
  if (!request.admin) throw unauthorized();
  return request.admin;
}

function profile(admin: Admin, loginAt: string) {
  return {
    id: admin.id,
    username: admin.username,
    email: admin.email,
    fullName: admin.fullName,
    role: admin.role,
    loginAt,
  };
}

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', async () => {
    await ensureFirstAdmin(app.db, app.config, app.log);
  });

  app.post(
    '/admin/login',
    {
      onSend: noStore,
      schema: { body: adminLoginRequestSchema, response: { 200: adminLoginResponseSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      let admin;
      try {
        admin = await findAdminByUsername(app.db, username);
      } catch (error) {
        request.log.error({ err: error }, 'admin login failed');
        throw new HttpError(500, ADMIN_LOGIN_FAILED);
      }
      const device = trustedDevice(
        request,
        app.config.jwtSecret,
        ADMIN_DEVICE_COOKIE,
        admin && { id: admin.id, stamp: admin.passwordHash },
      );
      if (device) {
        // A browser the administrator signed in with is counted on its own (ADR 023).
        await consumeRateLimit(
          app.db,
          `admin-login:device:${device}`,
          ADMIN_LOGIN_LIMITS.perDevice,
        );
      } else {
        // Counted per client and name as well as per client, with only a high ceiling per
        // name: someone guessing elsewhere cannot lock the real administrator out of another
        // client, and not at all out of a browser with a device cookie.
        await consumeRateLimit(app.db, `admin-login:ip:${request.ip}`, ADMIN_LOGIN_LIMITS.perIp);
        await consumeRateLimit(
          app.db,
          `admin-login:user-ip:${username}:${request.ip}`,
          ADMIN_LOGIN_LIMITS.perUserAndIp,
        );
        await consumeRateLimit(app.db, `admin-login:user:${username}`, ADMIN_LOGIN_LIMITS.perUser);
      }
      // Unknown, inactive and wrong password look the same, and take the same time.
      const valid = await verifyPassword(admin?.passwordHash ?? (await getDummyHash()), password);
      if (!admin || admin.isActive !== '1' || !valid) throw unauthorized(ADMIN_INVALID_CREDENTIALS);
      const loginAt = new Date().toISOString();
      const token = await signAccessToken(
        app.config.jwtSecret,
        ADMIN_TOKEN_AUDIENCE,
        { sub: admin.id, loginAt, sid: randomUUID() },
        ADMIN_TOKEN_TTL_SECONDS,
      );
      await logAdminAction(app.db, request.log, admin.id, 'login', { ip: request.ip });
      setDeviceCookie(request, reply, {
        secret: app.config.jwtSecret,
        kind: ADMIN_DEVICE_COOKIE,
        account: { id: admin.id, stamp: admin.passwordHash },
        secure: app.config.publicUrl.startsWith('https:'),
      });
      return { token, expiresIn: ADMIN_TOKEN_TTL_SECONDS, admin: profile(admin, loginAt) };
    },
  );

  app.get('/admin/login-hint', { schema: { response: { 200: loginHintSchema } } }, async () => {
    if (app.config.isProduction) return { showDefaultCredentials: false };
    const admin = await findAdminByUsername(app.db, app.config.ADMIN_USERNAME);
    if (!admin || admin.usesDefaultPassword !== 1) return { showDefaultCredentials: false };
    return {
      showDefaultCredentials: true,
      username: admin.username,
      password: DEFAULT_ADMIN_PASSWORD,
    };
  });

  app.get(
    '/admin/session',
    { onRequest: app.requireAdmin, schema: { response: { 200: adminProfileSchema } } },
    async (request) => {
      const admin = currentAdmin(request);
      return profile(admin, admin.loginAt);
    },
  );

  app.get(
    '/admin/stats',
    { onRequest: app.requireAdmin, schema: { response: { 200: adminStatsSchema } } },
    async () => adminStats(app.db),
  );

  await app.register(adminUserRoutes);
  await app.register(adminRecordRoutes);

  app.post(
    '/admin/password',
    { onRequest: app.requireAdmin, schema: { body: adminPasswordSchema } },
    async (request, reply) => {
      const admin = currentAdmin(request);
      if (!(await verifyPassword(admin.passwordHash, request.body.currentPassword)))
        throw new HttpError(400, '現在のパスワードが正しくありません');
      await changeAdminPassword(app.db, app.config, admin, request.body.newPassword);
      await logAdminAction(app.db, request.log, admin.id, 'password_change', {});
      return reply.status(204).send();
    },
  );
};
