import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  outboxDetailSchema,
  outboxListSchema,
  outboxQuerySchema,
  sendEmailRequestSchema,
  sendEmailResponseSchema,
  type OutboxEntry,
} from '../../../shared/notifications.ts';
import { notFound } from '../../lib/http-error.ts';
import { projectParamsSchema, requireProject } from '../../lib/project.ts';
import {
  enqueueForRecipients,
  findOutboxEmail,
  listOutbox,
  type OutboxRow,
} from './notifications.service.ts';
import type { EmailStatus } from './outbox.ts';

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    status: row.status as EmailStatus,
    attempts: row.attempts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/notifications/{project}/email for administrators, and the admin outbox view
 * (GET /api/admin/emails, /api/admin/emails/:id) where stored mail is read without SMTP.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/notifications/:project/email',
    {
      // Admins only: a user-reachable send endpoint would be an open relay.
      onRequest: app.requireAdmin,
      preHandler: requireProject(app),
      schema: {
        params: projectParamsSchema,
        body: sendEmailRequestSchema,
        response: { 200: sendEmailResponseSchema },
      },
    },
    async (request) => {
      const { to, subject, html, text } = request.body;
      const recipients = [to].flat();
      const ids = await enqueueForRecipients(app.db, recipients, {
        subject,
        text: text?.trim() ? text : '',
        ...(html?.trim() ? { html } : {}),
      });
      for (const id of ids) app.mail.deliverLater(id);
      return { ids, delivery: app.mail.smtpConfigured ? ('smtp' as const) : ('outbox' as const) };
    },
  );

  app.get(
    '/admin/emails',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: outboxQuerySchema,
        response: {
          200: outboxListSchema,
        },
      },
    },
    async (request) => {
      const rows = await listOutbox(app.db, request.query);
      return { emails: rows.map(toEntry), smtpConfigured: app.mail.smtpConfigured };
    },
  );

  app.get(
    '/admin/emails/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: outboxDetailSchema },
      },
    },
    async (request) => {
      const row = await findOutboxEmail(app.db, request.params.id);
      if (!row) throw notFound('メールが見つかりません');
      return { ...toEntry(row), text: row.text, html: row.html };
    },
  );
};
