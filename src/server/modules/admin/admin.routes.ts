import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ADMIN_DEFAULT_REASON,
  ADMIN_INVALID_CREDENTIALS,
  ADMIN_LOGIN_FAILED,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminPasswordSchema,
  adminProfileSchema,
  adminStatsSchema,
  adminUserRowSchema,
  adminUsersQuerySchema,
  creditAdjustmentSchema,
  loginHintSchema,
} from '../../../shared/admin.ts';
import { adminUsers, users } from '../../db/schema.ts';
import { HttpError, notFound, unauthorized } from '../../lib/http-error.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import { ADMIN_TOKEN_AUDIENCE, signAccessToken } from '../auth/access-token.ts';
import { getDummyHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { grantCredits, spendCredits } from '../credits/ledger.ts';
import {
  adminStats,
  csvFileName,
  DEFAULT_ADMIN_PASSWORD,
  ensureFirstAdmin,
  type findActiveAdmin,
  listUsers,
  logAdminAction,
  usersCsv,
} from './admin.service.ts';

const ADMIN_TOKEN_TTL_SECONDS = 2 * 60 * 60;
const TOO_MANY = 'ログインの試行回数が多すぎます。しばらく待ってから再試行してください';

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
    { schema: { body: adminLoginRequestSchema, response: { 200: adminLoginResponseSchema } } },
    async (request) => {
      const { username, password } = request.body;
      await consumeRateLimit(app.db, `admin-login:ip:${request.ip}`, {
        limit: 30,
        windowSeconds: 600,
        message: TOO_MANY,
      });
      await consumeRateLimit(app.db, `admin-login:user:${username}`, {
        limit: 10,
        windowSeconds: 600,
        message: TOO_MANY,
      });
      let admin;
      try {
        [admin] = await app.db.select().from(adminUsers).where(eq(adminUsers.username, username));
      } catch (error) {
        request.log.error({ err: error }, 'admin login failed');
        throw new HttpError(500, ADMIN_LOGIN_FAILED);
      }
      // Unknown, inactive and wrong password look the same, and take the same time.
      const valid = await verifyPassword(admin?.passwordHash ?? (await getDummyHash()), password);
      if (!admin || admin.isActive !== '1' || !valid) throw unauthorized(ADMIN_INVALID_CREDENTIALS);
      const loginAt = new Date().toISOString();
      const token = await signAccessToken(
        app.config.jwtSecret,
        ADMIN_TOKEN_AUDIENCE,
        { sub: admin.id, loginAt },
        ADMIN_TOKEN_TTL_SECONDS,
      );
      await logAdminAction(app.db, request.log, admin.id, 'login', { ip: request.ip });
      return { token, expiresIn: ADMIN_TOKEN_TTL_SECONDS, admin: profile(admin, loginAt) };
    },
  );

  app.get('/admin/login-hint', { schema: { response: { 200: loginHintSchema } } }, async () => {
    if (app.config.isProduction) return { showDefaultCredentials: false };
    const [admin] = await app.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.username, app.config.ADMIN_USERNAME));
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

  app.get(
    '/admin/users',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: adminUsersQuerySchema,
        response: { 200: z.object({ users: z.array(adminUserRowSchema) }) },
      },
    },
    async (request) => ({ users: await listUsers(app.db, request.query) }),
  );

  app.get(
    '/admin/users.csv',
    { onRequest: app.requireAdmin, schema: { querystring: adminUsersQuerySchema } },
    async (request, reply) => {
      const rows = await listUsers(app.db, request.query);
      const name = csvFileName();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(usersCsv(rows));
    },
  );

  app.post(
    '/admin/users/:id/credits',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        body: creditAdjustmentSchema,
        response: {
          200: z.object({
            balance: z.number().int(),
            type: z.enum(['credit', 'debit']),
            amount: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const admin = currentAdmin(request);
      const { amount } = request.body;
      const description = request.body.reason?.trim() || ADMIN_DEFAULT_REASON;
      const [user] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, request.params.id));
      if (!user) throw notFound('ユーザーが見つかりません');
      const type = amount > 0 ? ('credit' as const) : ('debit' as const);
      const entry = { userId: user.id, amount: Math.abs(amount), type, description };
      const result =
        amount > 0 ? await grantCredits(app.db, entry) : await spendCredits(app.db, entry);
      await logAdminAction(app.db, request.log, admin.id, 'credit_adjustment', {
        userId: user.id,
        amount,
        reason: description,
      });
      return { balance: result.balance, type, amount: Math.abs(amount) };
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      onRequest: app.requireAdmin,
      schema: { params: z.object({ id: z.string().min(1).max(100) }) },
    },
    async (request, reply) => {
      const admin = currentAdmin(request);
      const deleted = await app.db
        .delete(users)
        .where(eq(users.id, request.params.id))
        .returning({ email: users.email });
      if (deleted.length === 0) throw notFound('ユーザーが見つかりません');
      await logAdminAction(app.db, request.log, admin.id, 'user_deletion', {
        userId: request.params.id,
        email: deleted[0]!.email,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/password',
    { onRequest: app.requireAdmin, schema: { body: adminPasswordSchema } },
    async (request, reply) => {
      const admin = currentAdmin(request);
      if (!(await verifyPassword(admin.passwordHash, request.body.currentPassword)))
        throw new HttpError(400, '現在のパスワードが正しくありません');
      await app.db
        .update(adminUsers)
        .set({ passwordHash: await hashPassword(request.body.newPassword), usesDefaultPassword: 0 })
        .where(eq(adminUsers.id, admin.id));
      await logAdminAction(app.db, request.log, admin.id, 'password_change', {});
      return reply.status(204).send();
    },
  );
};
