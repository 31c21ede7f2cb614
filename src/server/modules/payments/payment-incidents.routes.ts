import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recentPaymentIncidents } from './payment-incidents.service.ts';

const incidentSchema = z.object({
  id: z.string(),
  kind: z.string(),
  provider: z.string(),
  eventId: z.string(),
  userId: z.string().nullable(),
  sessionId: z.string().nullable(),
  shortfallCredits: z.number().int(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

/** Payment events an operator must act on (unknown users, shortfalls, amount mismatches), newest first. */
export const paymentIncidentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/payment-incidents',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: z.object({ incidents: z.array(incidentSchema) }) } },
    },
    async () => {
      const rows = await recentPaymentIncidents(app.db);
      return {
        incidents: rows.map((row) => ({
          ...row,
          details: (row.details ?? {}) as Record<string, unknown>,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
