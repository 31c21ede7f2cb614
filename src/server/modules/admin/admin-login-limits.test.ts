import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startInsideRateLimitWindow } from '../../../../tests/helpers/rate-limit-windows.ts';

// Bursts that expect a refusal must fall within one counting window.
beforeEach(() => startInsideRateLimitWindow());

/** Guessing the administrator's password from one client must not lock out the real one. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'admin', password },
    remoteAddress,
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
});
