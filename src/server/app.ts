import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import '../shared/zod-ja.ts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { registerAdminGuard } from './plugins/admin-guard.ts';
import { registerAuthGuard } from './plugins/auth-guard.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { publicConfigRoutes } from './modules/platform/public-config.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { avatarRoutes } from './modules/account/avatar.routes.ts';
import { billingProfileRoutes } from './modules/account/billing-profile.routes.ts';
import { accountControlRoutes } from './modules/account/account-control.routes.ts';
import { serializeRequestForLog } from './modules/auth/log-redaction.ts';
import { MailDelivery } from './modules/notifications/outbox.ts';
import { PageRenderer } from './modules/ingestion/browser-render.ts';
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
import { createStorage } from './modules/storage/create-storage.ts';
import type { StorageBackend } from './modules/storage/storage-backend.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    mail: MailDelivery;
    renderer: PageRenderer;
    storage: StorageBackend;
  }
}

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
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mail', new MailDelivery(config, database.db, app.log));
  // Chromium starts on the first JavaScript-only page, not before.
  app.decorate('renderer', new PageRenderer(config.CHROMIUM_PATH.trim() || undefined, app.log));
  app.decorate('storage', createStorage(config));
  app.addHook('onClose', async () => {
    app.storage.close?.();
    await app.mail.drain();
    app.mail.close();
    await app.renderer.close();
  });

  // Order matters: external plugins, then the error shape, then feature routes, then the SPA.
  await registerSecurity(app, config);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerAuthGuard(app);
  registerAdminGuard(app);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(publicConfigRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(avatarRoutes, { prefix: '/api' });
  await app.register(billingProfileRoutes, { prefix: '/api' });
  await app.register(accountControlRoutes, { prefix: '/api' });
  await app.register(creditsRoutes, { prefix: '/api' });
  await app.register(referralsRoutes, { prefix: '/api' });
  await app.register(paymentsRoutes, { prefix: '/api', ...options.payments });
  await app.register(generationRoutes, { prefix: '/api' });
  await app.register(historyRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(dataRoutes, { prefix: '/api' });
  await app.register(notificationsRoutes, { prefix: '/api' });
  await app.register(analyticsRoutes, { prefix: '/api' });
  await app.register(aiApiRoutes, { prefix: '/api' });
  await app.register(operatorDbRoutes, { prefix: '/api' });
  await app.register(realtimeRoutes, { prefix: '/api' });
  await app.register(storageRoutes, { prefix: '/api' });

  await registerSpa(app, options.webDir);
  return app;
}
