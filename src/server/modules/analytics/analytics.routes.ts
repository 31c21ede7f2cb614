import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsLogRequestSchema,
  analyticsSummaryQuerySchema,
  analyticsSummarySchema,
} from '../../../shared/analytics.ts';
import { analyticsEvents, users } from '../../db/schema.ts';
import { projectParamsSchema, requireProject } from '../../lib/project.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import { bearerToken, USER_TOKEN_AUDIENCE, verifyAccessToken } from '../auth/access-token.ts';
import { analyticsSummary } from './analytics.service.ts';

/** A browser sends a batch every few seconds at most; this leaves room for many tabs. */
const LOG_RATE_LIMIT = { limit: 120, windowSeconds: 60 };
/** Events dated further off than this are clock errors or replays; they get the server time. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The signed-in user, from a verified token only; anonymous visitors are counted too. */
  async function visitor(token: string | null) {
    if (!token) return null;
    const result = await verifyAccessToken(app.config.jwtSecret, USER_TOKEN_AUDIENCE, token);
    if (!result.ok) return null;
    const [row] = await app.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, result.claims.sub));
    return row ?? null;
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
      const now = Date.now();
      await app.db.insert(analyticsEvents).values(
        request.body.events.map((event) => {
          const timestamp = new Date(event.timestamp);
          return {
            id: randomUUID(),
            type: event.type,
            timestamp:
              Math.abs(timestamp.getTime() - now) > MAX_CLOCK_SKEW_MS ? new Date(now) : timestamp,
            projectId: app.config.PROJECT_ID,
            userId: user?.id ?? null,
            userEmail: user?.email ?? null,
            sessionId: event.sessionId ?? null,
            pathname: event.pathname ?? null,
            referrer: event.referrer ?? null,
            screenWidth: event.screenWidth ?? null,
            channel: event.channel ?? null,
            utmSource: event.utmSource ?? null,
            utmMedium: event.utmMedium ?? null,
            utmCampaign: event.utmCampaign ?? null,
            utmContent: event.utmContent ?? null,
            utmTerm: event.utmTerm ?? null,
          };
        }),
      );
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
