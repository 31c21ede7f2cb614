import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingProfileRequestSchema, billingProfileSchema } from '../../../shared/payments.ts';
import { billingProfiles } from '../../db/schema.ts';
import { currentUser } from '../../plugins/auth-guard.ts';

/** The 宛名 printed on receipts; it can be set before or after a purchase. */
export const billingProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account/billing-profile',
    { preHandler: app.requireUser, schema: { response: { 200: billingProfileSchema } } },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(billingProfiles)
        .where(eq(billingProfiles.userId, currentUser(request).id));
      return { name: row?.name ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
    },
  );

  app.put(
    '/account/billing-profile',
    {
      preHandler: app.requireUser,
      schema: { body: billingProfileRequestSchema, response: { 200: billingProfileSchema } },
    },
    async (request) => {
      const now = new Date();
      const [row] = await app.db
        .insert(billingProfiles)
        .values({ userId: currentUser(request).id, name: request.body.name, updatedAt: now })
        .onConflictDoUpdate({
          target: billingProfiles.userId,
          set: { name: request.body.name, updatedAt: now },
        })
        .returning();
      return { name: row!.name, updatedAt: row!.updatedAt.toISOString() };
    },
  );
};
