import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditsQuerySchema, creditsResponseSchema } from '../../../shared/credits.ts';
import { creditTransactions, users } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { decodeCursor, encodeCursor, olderThanCursor } from '../../lib/cursor.ts';

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
      const [balance] = await app.db
        .select({ credits: users.credits, reserved: users.reservedCredits })
        .from(users)
        .where(eq(users.id, user.id));
      // Keyset pagination: stable while new rows arrive, unlike OFFSET.
      const rows = await app.db
        .select()
        .from(creditTransactions)
        .where(
          and(
            eq(creditTransactions.userId, user.id),
            olderThanCursor(creditTransactions.createdAt, creditTransactions.id, cursor),
          ),
        )
        .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
        .limit(limit + 1);
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
