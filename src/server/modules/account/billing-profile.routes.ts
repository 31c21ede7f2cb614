import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingProfileRequestSchema, billingProfileSchema } from '../../../shared/payments.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { findBillingProfile, saveBillingProfile } from './billing-profile.service.ts';

/** The 宛名 printed on receipts; it can be set before or after a purchase. */
export const billingProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account/billing-profile',
    { preHandler: app.requireUser, schema: { response: { 200: billingProfileSchema } } },
    async (request) => {
      const row = await findBillingProfile(app.db, currentUser(request).id);
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
      const row = await saveBillingProfile(app.db, currentUser(request).id, request.body.name);
      return { name: row.name, updatedAt: row.updatedAt.toISOString() };
    },
  );
};
