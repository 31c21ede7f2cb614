import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../tests/helpers/users.ts';
import {
  ADMIN_TOKEN_AUDIENCE,
  signAccessToken,
  USER_TOKEN_AUDIENCE,
} from '../modules/auth/access-token.ts';
import { currentUser } from './auth-guard.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      configure: (app) => {
        app.get('/api/__guarded', { preHandler: app.requireUser }, async (request) =>
          currentUser(request),
        );
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

const call = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/__guarded',
    headers: authorization ? { authorization } : {},
  });

describe('requireUser', () => {
  it('lets a valid user token through', async () => {
    const user = await seedUser(t.app);
    const response = await call(user.headers.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, email: user.email });
  });

  it('rejects missing, expired, tampered, wrong-audience and alg=none tokens with 401', async () => {
    const user = await seedUser(t.app);
    const secret = t.config.jwtSecret;
    const expired = await signAccessToken(
      secret,
      USER_TOKEN_AUDIENCE,
      { sub: user.id },
      60,
      Math.floor(Date.now() / 1000) - 3600,
    );
    const tampered = user.token.slice(0, -3) + (user.token.endsWith('AAA') ? 'BBB' : 'AAA');
    const admin = await signAccessToken(secret, ADMIN_TOKEN_AUDIENCE, { sub: user.id });
    const otherKey = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setAudience(USER_TOKEN_AUDIENCE)
      .setIssuer('faq-kobo')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    const none = new UnsecuredJWT({})
      .setSubject(user.id)
      .setAudience(USER_TOKEN_AUDIENCE)
      .setIssuer('faq-kobo')
      .setExpirationTime('5m')
      .encode();
    for (const header of [
      undefined,
      'Bearer',
      `Bearer ${expired}`,
      `Bearer ${tampered}`,
      `Bearer ${admin}`,
      `Bearer ${otherKey}`,
      `Bearer ${none}`,
      'Basic abc',
    ]) {
      const response = await call(header);
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.json().error.code).toBe('AUTHENTICATION_ERROR');
    }
    expect((await call(`Bearer ${expired}`)).json().error.message).toContain('有効期限');
  });
});
