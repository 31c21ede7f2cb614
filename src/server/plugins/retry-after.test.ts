import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { tooManyRequests } from '../lib/http-error.ts';
import { consumeRateLimit } from '../lib/rate-limiter.ts';
import { DEFAULT_RETRY_AFTER_SECONDS } from './error-handler.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      configure: (app) => {
        app.get(
          '/api/test/plugin-limited',
          { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } },
          async () => ({ ok: true }),
        );
        app.get('/api/test/db-limited', async () => {
          await consumeRateLimit(app.db, 'retry-after-test', { limit: 1, windowSeconds: 3600 });
          return { ok: true };
        });
        app.get('/api/test/plain-429', async () => {
          throw tooManyRequests();
        });
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('Retry-After on every 429', () => {
  it('comes with the global limiter', async () => {
    expect((await get('/api/test/plugin-limited')).statusCode).toBe(200);
    const limited = await get('/api/test/plugin-limited');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });

  it('comes with the database limiter, matching the window left', async () => {
    expect((await get('/api/test/db-limited')).statusCode).toBe(200);
    const limited = await get('/api/test/db-limited');
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(limited.json().error.message).toMatch(/約\d+(分|秒)後に再試行できます/);
  });

  it('defaults when a 429 names no wait', async () => {
    const limited = await get('/api/test/plain-429');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
  });
});
