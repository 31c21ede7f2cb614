import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import { paymentIncidents } from '../../db/schema.ts';

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

/** Payment events an operator must act on (unknown users, refund shortfalls), newest first. */
export const paymentIncidentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/payment-incidents',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 200: z.object({ incidents: z.array(incidentSchema) }) } },
    },
    async () => {
      const rows = await app.db
        .select()
        .from(paymentIncidents)
        .orderBy(desc(paymentIncidents.createdAt))
        .limit(200);
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
