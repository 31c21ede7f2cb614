import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditsQuerySchema, creditsResponseSchema } from '../../../shared/credits.ts';
import { badRequest } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { creditHistoryPage } from './credits.service.ts';

export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/credits',
    {
      preHandler: app.requireUser,
      schema: { querystring: creditsQuerySchema, response: { 200: creditsResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const { limit } = request.query;
      const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : null;
      if (request.query.cursor && !cursor) throw badRequest('ページの指定が正しくありません');
      const { balance, rows } = await creditHistoryPage(app.db, user.id, limit, cursor);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        balance: balance?.credits ?? 0,
        reserved: balance?.reserved ?? 0,
        transactions: page.map((row) => ({
          id: row.id,
          type: row.type,
          amount: row.amount,
          description: row.description,
          createdAt: row.createdAt.toISOString(),
        })),
        nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    },
  );
};
