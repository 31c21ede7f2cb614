import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerUnansweredSchema,
  answersRequestSchema,
  answerRunSchema,
  cancelResponseSchema,
  editAnswerSchema,
  faqItemSchema,
  questionRunSchema,
  unansweredAddedSchema,
} from '../../../shared/generations.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { startAnswers } from './answer-phase.ts';
import { editAnswer } from './answer-edit.ts';
import { requestCancel } from './generation.cancel.ts';
import type { GenerationContext } from './generation.service.ts';
import { readIdempotencyKey } from './idempotency.ts';
import { regenerateQuestions } from './question-regenerate.ts';
import { answerUnanswered } from './unanswered-answer.ts';

// Malformed ids answer 404 like unknown ones (getOwnGeneration), the same as the history routes.
export const idParams = z.object({ id: z.string().max(200) });
const itemParams = idParams.extend({
  index: z.coerce.number().int('番号が正しくありません').min(0).max(999),
});

const intentParams = idParams.extend({ intentId: z.string().max(100) });

/**
 * Answer run, question regeneration, answer edit, the owner's answers to unanswered questions
 * and cancel of one generation record.
 */
export const generationFlowRoutes: FastifyPluginAsyncZod<{
  ctx: () => GenerationContext;
}> = async (app, { ctx }) => {
  app.post(
    '/generations/:id/answers',
    {
      preHandler: app.requireUser,
      schema: {
        params: idParams,
        body: answersRequestSchema,
        response: { 202: answerRunSchema },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers['idempotency-key']);
      const run = await startAnswers(
        ctx(),
        currentUser(request).id,
        request.params.id,
        request.body.questions,
        key,
      );
      return reply.status(202).send(run);
    },
  );

  app.post(
    '/generations/:id/questions/regenerate',
    {
      preHandler: app.requireUser,
      schema: { params: idParams, response: { 202: questionRunSchema } },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await regenerateQuestions(ctx(), currentUser(request).id, request.params.id)),
  );

  app.patch(
    '/generations/:id/items/:index',
    {
      preHandler: app.requireUser,
      schema: { params: itemParams, body: editAnswerSchema, response: { 200: faqItemSchema } },
    },
    async (request) =>
      editAnswer(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.params.index,
        request.body,
      ),
  );

  app.post(
    '/generations/:id/unanswered/:intentId',
    {
      preHandler: app.requireUser,
      schema: {
        params: intentParams,
        body: answerUnansweredSchema,
        response: { 200: unansweredAddedSchema },
      },
    },
    async (request) =>
      answerUnanswered(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.params.intentId,
        request.body,
      ),
  );

  app.post(
    '/generations/:id/cancel',
    {
      preHandler: app.requireUser,
      schema: { params: idParams, response: { 202: cancelResponseSchema } },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await requestCancel(app.db, currentUser(request).id, request.params.id)),
  );
};
