import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { purchaseListSchema } from '../../../shared/payments.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { issueReceipt, listPurchases } from './receipts.ts';

// Any other id is simply not one of the user's receipts (404, like someone else's).
const receiptParams = z.object({ id: z.string().max(100) });

export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments',
    { preHandler: app.requireUser, schema: { response: { 200: purchaseListSchema } } },
    async (request) => ({ purchases: await listPurchases(app.db, currentUser(request).id) }),
  );

  app.get(
    '/payments/:id/receipt.pdf',
    {
      preHandler: app.requireUser,
      schema: { params: receiptParams },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const content = await issueReceipt(
        app.db,
        app.config,
        currentUser(request).id,
        request.params.id,
      );
      const pdf = await renderReceiptPdf(content);
      const filename = `receipt-${content.number}.pdf`;
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(pdf);
    },
  );
};
