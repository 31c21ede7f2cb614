import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { keepInsideRateLimitWindows } from '../../../../tests/helpers/rate-limit-windows.ts';
import { ADMIN_LOGIN_LIMITS } from './admin.routes.ts';

// Bursts that expect a refusal must fall within one counting window.
keepInsideRateLimitWindows(600, 90);

/** Guessing the administrator's password from one client must not lock out the real one. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'admin', password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });

describe('admin sign-in limits', () => {
  it('stops one client after 20 attempts and still lets the administrator in from another', async () => {
    for (let attempt = 0; attempt < 20; attempt++)
      expect((await login('wrong-password', '198.51.100.7')).statusCode).toBe(401);
    const blocked = await login('admin123', '198.51.100.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login('admin123', '203.0.113.9')).statusCode).toBe(200);
  });

  it('lets the administrator in from a known browser after 100 wrong passwords from 100 addresses, throttling that browser on its own', async () => {
    const earlier = await login('admin123', '192.0.2.1');
    expect(earlier.statusCode).toBe(200);
    expect(earlier.headers['cache-control']).toBe('no-store');
    const setCookie = String(earlier.headers['set-cookie']);
    expect(setCookie).toMatch(/^faq_admin_device=[^;]+; Path=\/api\/admin\/login;/);
    expect(setCookie).toContain('HttpOnly');
    const cookie = setCookie.split(';')[0]!;

    const statuses: number[] = [];
    for (let index = 0; index < ADMIN_LOGIN_LIMITS.perUser.limit; index++)
      statuses.push(
        (await login('wrong-password', `198.18.${index >> 6}.${index & 63}`)).statusCode,
      );
    // Earlier attempts of this file share the ceiling, so the last ones may already be 429s.
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const stranger = await login('admin123', '198.19.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.headers['cache-control']).toBe('no-store');
    const admin = await login('admin123', '198.19.0.2', cookie);
    expect(admin.statusCode).toBe(200);
    expect(Object.keys(admin.json()).sort()).toEqual(['admin', 'expiresIn', 'token']);

    // The browser's own wrong passwords are throttled on its own counter (a new cookie, with a
    // new counter, comes with every successful sign-in).
    const renewed = String(admin.headers['set-cookie']).split(';')[0]!;
    for (let attempt = 0; attempt < ADMIN_LOGIN_LIMITS.perDevice.limit; attempt++) {
      const response = await login('wrong-password', `198.19.1.${attempt + 1}`, renewed);
      expect(response.statusCode).toBe(401);
    }
    expect((await login('admin123', '198.19.2.1', renewed)).statusCode).toBe(429);
  });
});
