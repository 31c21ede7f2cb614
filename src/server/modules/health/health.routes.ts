import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkDatabase } from './health.service.ts';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  time: z.string(),
});

/** Really queries the database, so a load balancer stops sending traffic to a broken node. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: healthResponseSchema } } }, async () => {
    await checkDatabase(app.db);
    return { status: 'ok' as const, database: app.database.kind, time: new Date().toISOString() };
  });
};
