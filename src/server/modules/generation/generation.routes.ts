import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiProvidersResponseSchema } from '../../../shared/ai.ts';
import {
  createGenerationSchema,
  generationCreatedSchema,
  regeneratedItemSchema,
  runningGenerationsSchema,
} from '../../../shared/generations.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { listProviders } from '../ai/providers.ts';
import { aiPreferencesOf } from './ai-preferences.ts';
import { getOwnGeneration, listRunningGenerations, toGeneration } from './generation.record.ts';
import { regenerateAnswer } from './answer-regenerate.ts';
import { generationFlowRoutes, idParams } from './generation-flow.routes.ts';
import { startGeneration } from './generation.service.ts';
const TERMINAL_STAGES = new Set(['questions_ready', 'completed', 'failed']);

/** Reading, listing and deleting records: history.routes.ts, beside this file. */
export const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => ({
    db: app.db,
    config: app.config,
    log: app.log,
    renderer: app.renderer,
    jobs: app.jobs,
  });

  await app.register(generationFlowRoutes, { ctx });

  app.get(
    '/ai/providers',
    {
      preHandler: app.requireUser,
      schema: {
        response: {
          200: aiProvidersResponseSchema,
        },
      },
    },
    async (request) => {
      const user = await aiPreferencesOf(app.db, currentUser(request).id);
      return {
        providers: listProviders(app.config),
        selected: user?.provider ?? 'auto',
        customInstructions: user?.instructions ?? '',
      };
    },
  );

  app.post(
    '/generations',
    {
      preHandler: app.requireUser,
      schema: { body: createGenerationSchema, response: { 202: generationCreatedSchema } },
    },
    async (request, reply) => {
      const id = await startGeneration(ctx(), currentUser(request).id, request.body);
      return reply.status(202).send({ id });
    },
  );

  app.get(
    '/generations/running',
    { preHandler: app.requireUser, schema: { response: { 200: runningGenerationsSchema } } },
    async (request) => ({
      generations: await listRunningGenerations(app.db, currentUser(request).id),
    }),
  );

  app.post(
    '/generations/:id/items/:index/regenerate',
    {
      preHandler: app.requireUser,
      schema: {
        params: idParams.extend({ index: z.coerce.number().int().min(0).max(999) }),
        response: { 200: regeneratedItemSchema },
      },
    },
    async (request) =>
      regenerateAnswer(ctx(), currentUser(request).id, request.params.id, request.params.index),
  );

  /**
   * Progress pushed as server-sent events. Each event is read from the database, so it works
   * whichever server process runs the job; the stream ends when the phase is over.
   */
  app.get(
    '/generations/:id/events',
    { preHandler: app.requireUser, schema: { params: idParams } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      await getOwnGeneration(app.db, userId, request.params.id);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let closed = false;
      request.raw.on('close', () => {
        closed = true;
      });
      let last = '';
      let idleTicks = 0;
      while (!closed) {
        const row = await getOwnGeneration(app.db, userId, request.params.id).catch(() => null);
        if (!row) break;
        const generation = toGeneration(row);
        const snapshot = `${generation.stage}|${generation.progress}|${generation.message}`;
        if (snapshot !== last) {
          raw.write(`event: progress\ndata: ${JSON.stringify(generation)}\n\n`);
          last = snapshot;
          idleTicks = 0;
        } else if (++idleTicks % 30 === 0) {
          raw.write(': keep-alive\n\n');
        }
        if (TERMINAL_STAGES.has(generation.stage)) break;
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      raw.end();
    },
  );
};
