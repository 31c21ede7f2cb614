import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiProvidersResponseSchema } from '../../../shared/ai.ts';
import {
  createGenerationSchema,
  type Generation,
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
import type { GenerationChange } from './generation-events.ts';
const TERMINAL_STAGES = new Set(['questions_ready', 'completed', 'failed']);

/** Reading, listing and deleting records: history.routes.ts, beside this file. */
export const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => ({
    db: app.db,
    config: app.config,
    log: app.log,
    renderer: app.renderer,
    jobs: app.jobs,
    events: app.generationEvents,
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
   * Progress pushed as server-sent events: the record is sent at once and again whenever the
   * database announces a change of it (generation-events.ts), whichever process made it; the
   * stream ends when the phase is over or the record is deleted.
   */
  app.get(
    '/generations/:id/events',
    { preHandler: app.requireUser, schema: { params: idParams } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const id = request.params.id;
      await getOwnGeneration(app.db, userId, id);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      await new Promise<void>((resolve) => {
        let last = '';
        let ended = false;
        let sending = Promise.resolve();
        const end = () => {
          if (ended) return;
          ended = true;
          unsubscribe();
          clearInterval(keepAlive);
          raw.end();
          resolve();
        };
        // The announced step is what the event says, even when the row has moved on since: a
        // stream sends every step, in commit order.
        const send = async (announced?: Extract<GenerationChange, { kind: 'generation' }>) => {
          if (ended) return;
          const row = await getOwnGeneration(app.db, userId, id).catch(() => null);
          if (!row) return end();
          const generation = toGeneration(row);
          if (announced) {
            generation.status = announced.status as Generation['status'];
            generation.stage = announced.stage as Generation['stage'];
            generation.progress = announced.progress;
            generation.message = announced.message;
          }
          const snapshot = `${generation.stage}|${generation.progress}|${generation.message}`;
          if (snapshot !== last) {
            raw.write(`event: progress\ndata: ${JSON.stringify(generation)}\n\n`);
            last = snapshot;
          }
          if (TERMINAL_STAGES.has(generation.stage)) end();
        };
        // Read one after another, so the events go out in commit order.
        const unsubscribe = app.generationEvents.subscribe(id, (change) => {
          if (change.kind === 'generation_deleted') return end();
          sending = sending.then(() => send(change)).catch(end);
        });
        // Proxies close a silent connection; a comment line keeps it open.
        const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), 15_000);
        request.raw.on('close', end);
        sending = sending.then(() => send()).catch(end);
      });
    },
  );
};
