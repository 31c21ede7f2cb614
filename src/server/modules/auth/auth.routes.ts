import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  confirmEmailRequestSchema,
  confirmEmailResponseSchema,
  currentUserSchema,
  loginRequestSchema,
  logoutRequestSchema,
  passwordResetAcceptedSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshRequestSchema,
  resendConfirmationResponseSchema,
  signInCodeExchangeSchema,
  signInCodeRequestSchema,
  signInCodeResponseSchema,
  signupRequestSchema,
  tokenSetSchema,
  updateMeRequestSchema,
} from '../../../shared/auth.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limiter.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { updateProfile } from '../account/profile.service.ts';
import { INVALID_CREDENTIALS, login, signup } from './auth.service.ts';
import { toCurrentUser } from './current-user.ts';
import { confirmEmail, resendConfirmation } from './email-confirmation.ts';
import {
  deviceCookieOwner,
  setDeviceCookie,
  trustedDevice,
  USER_DEVICE_COOKIE,
  userDeviceStamp,
} from './device-cookies.ts';
import { noStore } from '../../lib/no-store.ts';
import { createSignInCode, exchangeSignInCode } from './sign-in-codes.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.ts';
import { getDummyHash } from './passwords.ts';
import { revokeRefreshToken, rotateRefreshToken } from './refresh-tokens.ts';

const TOO_MANY_LOGINS = 'ログインの試行回数が多すぎます。しばらく待ってから再試行してください。';
const TOO_MANY_SIGNUPS = '登録の試行回数が多すぎます。しばらく待ってから再試行してください。';
const TOO_MANY_RESETS =
  'パスワード再設定のお申し込みが多すぎます。しばらく待ってから再試行してください。';

const TOO_MANY_CONFIRMATIONS =
  '確認メールの再送が多すぎます。しばらく待ってから再試行してください。';
const TOO_MANY_CODES = 'ログインの試行回数が多すぎます。しばらく待ってから再試行してください。';

/**
 * Limits for every process together (counted in the database). Per e-mail and client stops
 * one client guessing an account's password (argon2 makes each guess slow as well) without
 * letting a stranger lock the owner out: the owner signs in from another address than the
 * guesser. Per e-mail alone is only a ceiling against guessing from many addresses at once.
 * Per IP stops spraying many accounts and mass sign-ups, with room for an office or a school
 * behind one address. A browser that presents a device cookie for the account (device-cookies.ts)
 * is counted on its own instead, with the guessing limit of one client, so the per-address
 * ceiling never locks the owner out of a known browser (ADR 023). Every attempt counts,
 * successful or not.
 */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { limit: 60, windowSeconds: 600, message: TOO_MANY_LOGINS },
  loginPerEmailAndIp: { limit: 10, windowSeconds: 600, message: TOO_MANY_LOGINS },
  loginPerEmail: { limit: 100, windowSeconds: 600, message: TOO_MANY_LOGINS },
  loginPerDevice: { limit: 10, windowSeconds: 600, message: TOO_MANY_LOGINS },
  confirmResendPerUser: { limit: 5, windowSeconds: 3600, message: TOO_MANY_CONFIRMATIONS },
  signInCodePerIp: { limit: 60, windowSeconds: 600, message: TOO_MANY_CODES },
  signupPerIp: { limit: 60, windowSeconds: 600, message: TOO_MANY_SIGNUPS },
  signupPerEmail: { limit: 10, windowSeconds: 600, message: TOO_MANY_SIGNUPS },
  resetPerIp: { limit: 20, windowSeconds: 3600, message: TOO_MANY_RESETS },
  resetPerEmail: { limit: 5, windowSeconds: 3600, message: TOO_MANY_RESETS },
} as const satisfies Record<string, RateLimitRule>;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Computed now, so the first unknown-e-mail login is not measurably slower than the rest.
  await getDummyHash();

  /** The device cookie after a successful sign-in (device-cookies.ts). */
  async function rememberDevice(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const stamp = await userDeviceStamp(app.db, userId);
    if (!stamp) return;
    setDeviceCookie(request, reply, {
      secret: app.config.jwtSecret,
      kind: USER_DEVICE_COOKIE,
      account: { id: userId, stamp },
      secure: app.config.publicUrl.startsWith('https:'),
    });
  }

  app.post(
    '/auth/signup',
    {
      onSend: noStore,
      schema: { body: signupRequestSchema, response: { 201: authResponseSchema } },
    },
    async (request, reply) => {
      const { db, config } = app;
      await consumeRateLimit(db, `signup:ip:${request.ip}`, AUTH_RATE_LIMITS.signupPerIp);
      await consumeRateLimit(
        db,
        `signup:email:${request.body.email}`,
        AUTH_RATE_LIMITS.signupPerEmail,
      );
      const { response, emailIds } = await signup({ db, config, log: request.log }, request.body);
      for (const emailId of emailIds) app.mail.deliverLater(emailId);
      // Whoever chose the password on this browser has signed in with it. A shadow sign-up
      // (auth.service.ts) gets a cookie as well, so the answers stay alike; it never counts
      // for the address's owner.
      await rememberDevice(request, reply, response.user.id);
      return reply.status(201).send(response);
    },
  );

  app.post(
    '/auth/login',
    {
      onSend: noStore,
      schema: { body: loginRequestSchema, response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      const { db, config } = app;
      const { email, password } = request.body;
      const device = trustedDevice(
        request,
        config.jwtSecret,
        USER_DEVICE_COOKIE,
        await deviceCookieOwner(db, request, email),
      );
      if (device) {
        // A browser the owner signed in with: its own counter, untouched by strangers' guesses.
        await consumeRateLimit(db, `login:device:${device}`, AUTH_RATE_LIMITS.loginPerDevice);
      } else {
        await consumeRateLimit(db, `login:ip:${request.ip}`, AUTH_RATE_LIMITS.loginPerIp);
        await consumeRateLimit(
          db,
          `login:email-ip:${email}:${request.ip}`,
          AUTH_RATE_LIMITS.loginPerEmailAndIp,
        );
        await consumeRateLimit(db, `login:email:${email}`, AUTH_RATE_LIMITS.loginPerEmail);
      }
      const result = await login({ db, config, log: request.log }, email, password);
      if (!result) throw unauthorized(INVALID_CREDENTIALS);
      await rememberDevice(request, reply, result.user.id);
      return result;
    },
  );

  app.post(
    '/auth/refresh',
    {
      onSend: noStore,
      schema: { body: refreshRequestSchema, response: { 200: tokenSetSchema } },
    },
    async (request) =>
      rotateRefreshToken(app.db, app.config.jwtSecret, request.body.refresh_token, request.log),
  );

  app.post(
    '/auth/confirm-email',
    { schema: { body: confirmEmailRequestSchema, response: { 200: confirmEmailResponseSchema } } },
    async (request) => {
      const { response, emailIds } = await confirmEmail(
        app.db,
        app.config,
        request.log,
        request.body.token,
      );
      for (const emailId of emailIds) app.mail.deliverLater(emailId);
      return response;
    },
  );

  app.post(
    '/auth/confirm-email/resend',
    {
      preHandler: app.requireUser,
      schema: { response: { 200: resendConfirmationResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      await consumeRateLimit(
        app.db,
        `confirm-resend:user:${user.id}`,
        AUTH_RATE_LIMITS.confirmResendPerUser,
      );
      const { alreadyConfirmed, emailId } = await resendConfirmation(app.db, app.config, user.id);
      if (emailId) app.mail.deliverLater(emailId);
      return { ok: true as const, alreadyConfirmed };
    },
  );

  // The sign-in hand-off (sign-in-codes.ts): tokens never travel in a URL.
  app.post(
    '/auth/sign-in-codes',
    {
      preHandler: app.requireUser,
      schema: { body: signInCodeRequestSchema, response: { 201: signInCodeResponseSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createSignInCode(app.db, currentUser(request).id, request.body.state)),
  );

  app.post(
    '/auth/sign-in-codes/exchange',
    {
      onSend: noStore,
      schema: { body: signInCodeExchangeSchema, response: { 200: authResponseSchema } },
    },
    async (request) => {
      await consumeRateLimit(
        app.db,
        `sign-in-code:ip:${request.ip}`,
        AUTH_RATE_LIMITS.signInCodePerIp,
      );
      return exchangeSignInCode(
        app.db,
        app.config.jwtSecret,
        request.body.code,
        request.body.state,
      );
    },
  );

  app.post('/auth/logout', { schema: { body: logoutRequestSchema } }, async (request, reply) => {
    await revokeRefreshToken(app.db, request.body.refresh_token);
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
    async (request) =>
      updateProfile(app.db, app.storage, request.log, currentUser(request).id, request.body),
  );

  app.post(
    '/auth/password-reset/request',
    {
      schema: {
        body: passwordResetRequestSchema,
        response: { 202: passwordResetAcceptedSchema },
      },
    },
    async (request, reply) => {
      await consumeRateLimit(app.db, `reset:ip:${request.ip}`, AUTH_RATE_LIMITS.resetPerIp);
      await consumeRateLimit(
        app.db,
        `reset:email:${request.body.email}`,
        AUTH_RATE_LIMITS.resetPerEmail,
      );
      const emailId = await requestPasswordReset(app.db, app.config, request.body.email);
      if (emailId) app.mail.deliverLater(emailId);
      // The same answer whether or not the address has an account.
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
