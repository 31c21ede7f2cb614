import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionLogQuerySchema,
  actionLogSchema,
  adminPurchasePageSchema,
  adminPurchaseQuerySchema,
  adminUserHistorySchema,
  salesQuerySchema,
  salesReportSchema,
} from '../../../shared/admin-records.ts';
import { actionLog, salesCsv, salesPurchases, salesReport, userHistory } from './admin-records.ts';

const userParams = z.object({ id: z.string().min(1).max(100) });

/** What operators read: sales, one user's history, the action log. */
export const adminRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/sales',
    {
      onRequest: app.requireAdmin,
      schema: { querystring: salesQuerySchema, response: { 200: salesReportSchema } },
    },
    async (request) => salesReport(app.db, request.query),
  );

  app.get(
    '/admin/sales.csv',
    { onRequest: app.requireAdmin, schema: { querystring: salesQuerySchema } },
    async (request, reply) => {
      const report = await salesReport(app.db, request.query);
      const name = `sales_${report.period}_${report.from}_${report.to}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(salesCsv(report));
    },
  );

  app.get(
    '/admin/sales/purchases',
    {
      onRequest: app.requireAdmin,
      schema: { querystring: adminPurchaseQuerySchema, response: { 200: adminPurchasePageSchema } },
    },
    async (request) => salesPurchases(app.db, request.query),
  );

  app.get(
    '/admin/users/:id/history',
    {
      onRequest: app.requireAdmin,
      schema: { params: userParams, response: { 200: adminUserHistorySchema } },
    },
    async (request) => userHistory(app.db, request.params.id),
  );

  app.get(
    '/admin/action-logs',
    {
      onRequest: app.requireAdmin,
      schema: { querystring: actionLogQuerySchema, response: { 200: actionLogSchema } },
    },
    async (request) => actionLog(app.db, request.query),
  );
};
