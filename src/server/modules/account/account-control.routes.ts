import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  deletionPreviewSchema,
  emailChangeAcceptedSchema,
  emailChangeConfirmedSchema,
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
} from '../../../shared/account.ts';
import { tokenSetSchema } from '../../../shared/auth.ts';
import { consumeRateLimit, type RateLimitRule } from '../../lib/rate-limiter.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { deleteAccount, deletionPreview } from './account-lifecycle.ts';
import { requireCurrentPassword } from './current-password.ts';
import { confirmEmailChange, requestEmailChange } from './email-change.ts';
import { changePassword } from './password-change.ts';

/** Each request mails two inboxes: a ceiling keeps the account from being used to spam one. */
export const EMAIL_CHANGE_LIMIT = {
  limit: 5,
  windowSeconds: 3600,
  message: 'メールアドレス変更のお申し込みが多すぎます。しばらく待ってから再試行してください。',
} as const satisfies RateLimitRule;

/** What the signed-in user controls about their own account (each step needs the password). */
export const accountControlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/account/password',
    {
      preHandler: app.requireUser,
      schema: { body: changePasswordRequestSchema, response: { 200: tokenSetSchema } },
    },
    async (request) => {
      const { id } = currentUser(request);
      await requireCurrentPassword(app.db, id, request.body.currentPassword, request.ip);
      const { tokens, emailId } = await changePassword(
        app.db,
        app.config,
        id,
        request.body.newPassword,
      );
      if (emailId) app.mail.deliverLater(emailId);
      return tokens;
    },
  );

  app.post(
    '/account/email-change',
    {
      preHandler: app.requireUser,
      schema: { body: emailChangeRequestSchema, response: { 202: emailChangeAcceptedSchema } },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      const { email } = await requireCurrentPassword(
        app.db,
        id,
        request.body.currentPassword,
        request.ip,
      );
      await consumeRateLimit(app.db, `email-change:user:${id}`, EMAIL_CHANGE_LIMIT);
      const emailIds = await requestEmailChange(
        app.db,
        app.config,
        { id, email },
        request.body.newEmail,
      );
      for (const emailId of emailIds) app.mail.deliverLater(emailId);
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.post(
    '/account/email-change/confirm',
    {
      preHandler: app.requireUser,
      schema: { body: emailChangeConfirmSchema, response: { 200: emailChangeConfirmedSchema } },
    },
    async (request) => {
      const { email, emailIds } = await confirmEmailChange(
        app.db,
        app.config,
        request.log,
        currentUser(request).id,
        request.body.token,
      );
      for (const emailId of emailIds) app.mail.deliverLater(emailId);
      return { ok: true as const, email };
    },
  );

  // Read by the deletion dialog, so the owner sees the paid credits given up before deciding.
  app.get(
    '/account/deletion-preview',
    { preHandler: app.requireUser, schema: { response: { 200: deletionPreviewSchema } } },
    async (request) => deletionPreview(app.db, currentUser(request).id),
  );

  app.delete(
    '/account',
    { preHandler: app.requireUser, schema: { body: deleteAccountRequestSchema } },
    async (request, reply) => {
      const { id } = currentUser(request);
      await requireCurrentPassword(app.db, id, request.body.currentPassword, request.ip);
      await deleteAccount(app.db, app.storage, request.log, id);
      return reply.status(204).send();
    },
  );
};
