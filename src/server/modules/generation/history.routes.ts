import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  generationListQuerySchema,
  generationListSchema,
  generationSchema,
  renameGenerationSchema,
} from '../../../shared/generations.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { idParams } from './generation-flow.routes.ts';
import {
  deleteHistoryRecord,
  getHistoryRecord,
  listHistory,
  renameHistoryRecord,
} from './history.service.ts';

/** docs/spec.md §2 /history: the signed-in user's own generation records only. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/generations',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: generationListQuerySchema,
        response: { 200: generationListSchema },
      },
    },
    async (request) => {
      const { cursor, ...filters } = request.query;
      return listHistory(app.db, currentUser(request).id, cursor, filters);
    },
  );

  app.patch(
    '/generations/:id',
    {
      preHandler: app.requireUser,
      schema: {
        params: idParams,
        body: renameGenerationSchema,
        response: { 200: generationSchema },
      },
    },
    async (request) =>
      renameHistoryRecord(app.db, currentUser(request).id, request.params.id, request.body.title),
  );

  app.get(
    '/generations/:id',
    {
      preHandler: app.requireUser,
      schema: { params: idParams, response: { 200: generationSchema } },
    },
    async (request) => getHistoryRecord(app.db, currentUser(request).id, request.params.id),
  );

  app.delete(
    '/generations/:id',
    {
      preHandler: app.requireUser,
      schema: { params: idParams },
    },
    async (request, reply) => {
      await deleteHistoryRecord(app.db, currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
};
