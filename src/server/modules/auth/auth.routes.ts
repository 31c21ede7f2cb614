import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  currentUserSchema,
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshRequestSchema,
  signupRequestSchema,
  tokenSetSchema,
  updateMeRequestSchema,
} from '../../../shared/auth.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limiter.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import {
  confirmPasswordReset,
  INVALID_CREDENTIALS,
  login,
  logout,
  refresh,
  requestPasswordReset,
  signup,
  toCurrentUser,
  updateProfile,
  type AuthContext,
} from './auth.service.ts';

const TOO_MANY_ATTEMPTS = 'ログインの試行回数が多すぎます。しばらく待ってから再試行してください';
const TOO_MANY_SIGNUPS = '登録の試行回数が多すぎます。しばらく待ってから再試行してください';

/**
 * Per IP for every attempt, per e-mail for every attempt: enough headroom for a real person,
 * far too little for password guessing (argon2 makes each guess slow as well).
 */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { limit: 60, windowSeconds: 600, message: TOO_MANY_ATTEMPTS },
  loginPerEmail: { limit: 10, windowSeconds: 600, message: TOO_MANY_ATTEMPTS },
  signupPerIp: { limit: 60, windowSeconds: 600, message: TOO_MANY_SIGNUPS },
  resetPerEmail: { limit: 5, windowSeconds: 3600, message: 'しばらく待ってから再試行してください' },
} satisfies Record<string, RateLimitRule>;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (log: AuthContext['log']): AuthContext => ({
    db: app.db,
    config: app.config,
    log,
    onEmailQueued: (id) => app.mail.deliverLater(id),
  });

  app.post(
    '/auth/signup',
    { schema: { body: signupRequestSchema, response: { 201: authResponseSchema } } },
    async (request, reply) => {
      await consumeRateLimit(app.db, `signup:ip:${request.ip}`, AUTH_RATE_LIMITS.signupPerIp);
      const result = await signup(context(request.log), request.body);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: authResponseSchema } } },
    async (request) => {
      await consumeRateLimit(app.db, `login:ip:${request.ip}`, AUTH_RATE_LIMITS.loginPerIp);
      await consumeRateLimit(
        app.db,
        `login:email:${request.body.email}`,
        AUTH_RATE_LIMITS.loginPerEmail,
      );
      const result = await login(context(request.log), request.body.email, request.body.password);
      if (!result) throw unauthorized(INVALID_CREDENTIALS);
      return result;
    },
  );

  app.post(
    '/auth/refresh',
    { schema: { body: refreshRequestSchema, response: { 200: tokenSetSchema } } },
    async (request) => refresh(context(request.log), request.body.refresh_token),
  );

  app.post('/auth/logout', { schema: { body: refreshRequestSchema } }, async (request, reply) => {
    await logout(app.db, request.body.refresh_token);
    return reply.status(204).send();
  });

  app.get(
    '/auth/me',
    { preHandler: app.requireUser, schema: { response: { 200: currentUserSchema } } },
    async (request) => toCurrentUser(app.db, currentUser(request).id),
  );

  app.patch(
    '/auth/me',
    {
      preHandler: app.requireUser,
      schema: { body: updateMeRequestSchema, response: { 200: currentUserSchema } },
    },
    async (request) => updateProfile(app.db, currentUser(request).id, request.body),
  );

  app.post(
    '/auth/password-reset/request',
    {
      schema: {
        body: passwordResetRequestSchema,
        response: { 202: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await consumeRateLimit(
        app.db,
        `reset:email:${request.body.email}`,
        AUTH_RATE_LIMITS.resetPerEmail,
      );
      await requestPasswordReset(context(request.log), request.body.email);
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    { schema: { body: passwordResetConfirmSchema } },
    async (request, reply) => {
      await confirmPasswordReset(app.db, request.body.token, request.body.password);
      return reply.status(204).send();
    },
  );
};
