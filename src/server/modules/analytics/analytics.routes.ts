import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsLogRequestSchema,
  analyticsSummaryQuerySchema,
  analyticsSummarySchema,
} from '../../../shared/analytics.ts';
import { projectParamsSchema, requireProject } from '../../lib/project.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import { bearerToken, USER_TOKEN_AUDIENCE, verifyAccessToken } from '../auth/access-token.ts';
import { analyticsSummary, findVisitor, recordEvents } from './analytics.service.ts';

/** A browser sends a batch every few seconds at most; this leaves room for many tabs. */
const LOG_RATE_LIMIT = { limit: 120, windowSeconds: 60 };

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The signed-in user, from a verified token only; anonymous visitors are counted too. */
  async function visitor(token: string | null) {
    if (!token) return null;
    const result = await verifyAccessToken(app.config.jwtSecret, USER_TOKEN_AUDIENCE, token);
    if (!result.ok) return null;
    return findVisitor(app.db, result.claims.sub);
  }

  app.post(
    '/analytics/:project/log',
    {
      preHandler: [
        requireProject(app),
        async (request) => consumeRateLimit(app.db, `analytics:${request.ip}`, LOG_RATE_LIMIT),
      ],
      schema: { params: projectParamsSchema, body: analyticsLogRequestSchema },
    },
    async (request, reply) => {
      const user = await visitor(
        bearerToken(request.headers.authorization) ?? request.body.accessToken ?? null,
      );
      await recordEvents(app.db, app.config.PROJECT_ID, user, request.body.events);
      return reply.status(202).send({ accepted: request.body.events.length });
    },
  );

  app.get(
    '/admin/analytics',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: analyticsSummaryQuerySchema,
        response: { 200: analyticsSummarySchema },
      },
    },
    async (request) => analyticsSummary(app.db, request.query.days),
  );
};
