import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ADJUSTMENT_CUSTOMER_DEFAULT,
  ADMIN_DEFAULT_REASON,
  adminUserListSchema,
  adminUsersQuerySchema,
  creditAdjustmentResultSchema,
  creditAdjustmentSchema,
  suspensionRequestSchema,
  suspensionResultSchema,
} from '../../../shared/admin.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { deleteAccount, setSuspended } from '../account/account-lifecycle.ts';
import { adjustCredits } from './admin-users.service.ts';
import { csvFileName, listUsers, logAdminAction, usersCsv } from './admin.service.ts';

const userParams = z.object({ id: z.string().min(1).max(100) });

function currentAdmin(request: FastifyRequest) {
  if (!request.admin) throw unauthorized();
  return request.admin;
}

/** The user list and what an operator can do to one account. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/users',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserListSchema },
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
        params: userParams,
        body: creditAdjustmentSchema,
        response: {
          200: creditAdjustmentResultSchema,
        },
      },
    },
    async (request) => {
      const admin = currentAdmin(request);
      const { amount } = request.body;
      const reason = request.body.reason?.trim() || ADMIN_DEFAULT_REASON;
      const description =
        request.body.customerDescription?.trim() || ADMIN_ADJUSTMENT_CUSTOMER_DEFAULT;
      return adjustCredits(app.db, request.log, admin.id, request.params.id, {
        amount,
        reason,
        description,
      });
    },
  );

  app.post(
    '/admin/users/:id/suspension',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: userParams,
        body: suspensionRequestSchema,
        response: { 200: suspensionResultSchema },
      },
    },
    async (request) => {
      const admin = currentAdmin(request);
      const { suspended } = request.body;
      const row = await setSuspended(app.db, request.params.id, suspended);
      await logAdminAction(
        app.db,
        request.log,
        admin.id,
        suspended ? 'user_suspension' : 'user_reinstatement',
        { userId: row.id, email: row.email },
      );
      return { suspended };
    },
  );

  app.delete(
    '/admin/users/:id',
    { onRequest: app.requireAdmin, schema: { params: userParams } },
    async (request, reply) => {
      const admin = currentAdmin(request);
      const deleted = await deleteAccount(app.db, app.storage, request.log, request.params.id);
      await logAdminAction(app.db, request.log, admin.id, 'user_deletion', {
        userId: request.params.id,
        email: deleted.email,
      });
      return reply.status(204).send();
    },
  );
};
