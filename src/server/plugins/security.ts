import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.ts';

/** A file of the web build's assets folder (hashed names, served as immutable). */
export function isBuiltAsset(url: string): boolean {
  return /^\/assets\/[\w.-]+\.(?:js|css|woff2?|svg|png|webp)(?:\?|$)/.test(url);
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Radix and sonner set inline style attributes for positioning.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        ...(config.isProduction ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Share popups (X, LINE, Facebook) are opened with window.open; keep the opener isolated.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.isProduction,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  // Route-level limits are declared where they matter (sign-in, sign-up); this is the ceiling.
  await app.register(rateLimit, {
    global: true,
    max: config.NODE_ENV === 'test' ? 100_000 : 600,
    timeWindow: '1 minute',
    // The built scripts and styles are files that never change (cached a year): one screen
    // loads dozens of them, so counting them sent 429 to the chunks of an office's tenth page in a
    // minute, and the screen stayed on its loader.
    allowList: (request) => isBuiltAsset(request.url),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: {
        code: 'RATE_LIMITED',
        status: 429,
        message: `リクエストが多すぎます。${Math.ceil(context.ttl / 1000)}秒ほど待ってから再試行してください。`,
      },
    }),
  });
}

export const securityPlugin = fp(async (app) => registerSecurity(app, app.config), {
  name: 'security',
  fastify: '5.x',
  dependencies: ['app-context'],
});
