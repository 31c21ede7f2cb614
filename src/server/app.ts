import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import '../shared/zod-ja.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import fp from 'fastify-plugin';
import { adminGuardPlugin } from './plugins/admin-guard.ts';
import { authGuardPlugin } from './plugins/auth-guard.ts';
import { appContextPlugin } from './plugins/context.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { publicConfigRoutes } from './modules/platform/public-config.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { avatarRoutes } from './modules/account/avatar.routes.ts';
import { billingProfileRoutes } from './modules/account/billing-profile.routes.ts';
import { accountControlRoutes } from './modules/account/account-control.routes.ts';
import { serializeRequestForLog } from './modules/auth/log-redaction.ts';
import { creditsRoutes } from './modules/credits/credits.routes.ts';
import { paymentsRoutes, type PaymentsRoutesOptions } from './modules/payments/payments.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { generationRoutes } from './modules/generation/generation.routes.ts';
import { historyRoutes } from './modules/generation/history.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { dataRoutes } from './modules/data/data.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { aiApiRoutes } from './modules/ai-api/ai-api.routes.ts';
import { operatorDbRoutes } from './modules/operator-db/operator-db.routes.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { storageRoutes } from './modules/storage/storage.routes.ts';
import { publicFaqRoutes, publishingRoutes } from './modules/publishing/publishing.routes.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the built SPA lives; tests point it at a fixture or leave it missing. */
  webDir?: string;
  payments?: PaymentsRoutesOptions;
  /** Sees every route as it is registered (the admin authorization test enumerates them). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

/** Redacted everywhere: tokens and passwords never reach the logs. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.apikey',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
];

export function defaultLogger(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    // Tokens also travel in URLs (handover parameters, reset links): strip them from req.url.
    serializers: { req: serializeRequestForLog },
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? defaultLogger(config),
    // Only as many hops as configured: trusting any X-Forwarded-For would let clients pick
    // their own IP and dodge per-IP rate limits.
    trustProxy:
      config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    bodyLimit: 2 * 1024 * 1024,
    // Never let a slow client hold a socket forever.
    requestTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Each plugin names the plugins it needs: registering one too early fails at start.
  await app.register(appContextPlugin, { config, database });
  await app.register(securityPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(authGuardPlugin);
  await app.register(adminGuardPlugin);
  await app.register(
    fp(
      async (api) => {
        await api.register(healthRoutes, { prefix: '/api' });
        await api.register(publicConfigRoutes, { prefix: '/api' });
        await api.register(authRoutes, { prefix: '/api' });
        await api.register(avatarRoutes, { prefix: '/api' });
        await api.register(billingProfileRoutes, { prefix: '/api' });
        await api.register(accountControlRoutes, { prefix: '/api' });
        await api.register(creditsRoutes, { prefix: '/api' });
        await api.register(referralsRoutes, { prefix: '/api' });
        await api.register(paymentsRoutes, { prefix: '/api', ...options.payments });
        await api.register(generationRoutes, { prefix: '/api' });
        await api.register(historyRoutes, { prefix: '/api' });
        await api.register(adminRoutes, { prefix: '/api' });
        await api.register(dataRoutes, { prefix: '/api' });
        await api.register(notificationsRoutes, { prefix: '/api' });
        await api.register(analyticsRoutes, { prefix: '/api' });
        await api.register(aiApiRoutes, { prefix: '/api' });
        await api.register(operatorDbRoutes, { prefix: '/api' });
        await api.register(realtimeRoutes, { prefix: '/api' });
        await api.register(storageRoutes, { prefix: '/api' });
        await api.register(publishingRoutes, { prefix: '/api' });
        // The published pages live outside /api: /f/{slug} and /embed.js.
        await api.register(publicFaqRoutes);
      },
      {
        name: 'api-routes',
        // Routes stay encapsulated; the guards they use must already be decorated.
        encapsulate: true,
        dependencies: ['app-context', 'error-handler', 'input-guard', 'auth-guard', 'admin-guard'],
      },
    ),
  );
  await app.register(spaPlugin, { webDir: options.webDir });
  return app;
}
