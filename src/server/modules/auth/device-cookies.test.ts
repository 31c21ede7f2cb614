import { describe, expect, it } from 'vitest';
import { signupViaApi } from '../../../../tests/helpers/accounts.ts';
import { keepInsideRateLimitWindows } from '../../../../tests/helpers/rate-limit-windows.ts';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import { AUTH_RATE_LIMITS } from './auth.routes.ts';

// Bursts that expect a refusal must fall within one counting window.
keepInsideRateLimitWindows(600, 90);

const t = useTestApp();

const login = (body: { email: string; password: string }, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: body,
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });

/** The `name=value` a browser would send back from the answer's Set-Cookie. */
function deviceCookie(response: Awaited<ReturnType<typeof login>>): string {
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new Error('no device cookie was set');
  return value.split(';')[0]!;
}

/**
 * Strangers fill the per-address ceiling: one wrong password from each of 100 IPs. The
 * owner's own earlier sign-ins count on the same ceiling, so the last few may already be 429s.
 */
async function guessFromManyAddresses(email: string, prefix: string) {
  const statuses: number[] = [];
  for (let index = 0; index < AUTH_RATE_LIMITS.loginPerEmail.limit; index++) {
    const response = await login(
      { email, password: 'wrong-password' },
      `${prefix}.${Math.floor(index / 100)}.${(index % 100) + 1}`,
    );
    statuses.push(response.statusCode);
  }
  expect(statuses.filter((status) => status === 401).length).toBeGreaterThan(90);
  expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
}

describe('device cookies', () => {
  it('sets a signed, HttpOnly, SameSite=Lax cookie for the sign-in endpoint only', async () => {
    const account = await signupViaApi(t.app);
    const response = await login(
      { email: account.user.email, password: account.password },
      '10.30.0.1',
    );
    expect(response.statusCode).toBe(200);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^faq_device=[A-Za-z0-9_.~-]+;/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/api/auth/login');
    // Plain HTTP in tests: a Secure cookie would never come back.
    expect(header).not.toContain('Secure');
  });

  it('lets the owner in from a known browser after 100 wrong passwords from 100 addresses', async () => {
    const account = await signupViaApi(t.app);
    const credentials = { email: account.user.email, password: account.password };
    const earlier = await login(credentials, '10.31.0.1');
    expect(earlier.statusCode).toBe(200);
    const cookie = deviceCookie(earlier);

    await guessFromManyAddresses(account.user.email, '10.32');
    // Without the cookie the address is throttled, from anywhere.
    const stranger = await login(credentials, '10.33.0.1');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(stranger.json().error.message).toContain('ログインの試行回数が多すぎます');

    const owner = await login(credentials, '10.33.0.2', cookie);
    expect(owner.statusCode).toBe(200);
    // The answer is the usual one.
    expect(Object.keys(owner.json()).sort()).toEqual(Object.keys(earlier.json()).sort());
    expect(owner.json().user.id).toBe(account.user.id);
  });

  it('counts the browser that signed up as known', async () => {
    const email = `known-${Date.now()}@example.jp`;
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'password123' },
      remoteAddress: '10.43.0.1',
    });
    expect(signup.statusCode).toBe(201);
    await guessFromManyAddresses(email, '10.44');
    const credentials = { email, password: 'password123' };
    expect((await login(credentials, '10.45.0.1')).statusCode).toBe(429);
    expect((await login(credentials, '10.45.0.2', deviceCookie(signup))).statusCode).toBe(200);
  });

  it('throttles wrong passwords from a known browser on its own counter', async () => {
    const account = await signupViaApi(t.app);
    const credentials = { email: account.user.email, password: account.password };
    const cookie = deviceCookie(await login(credentials, '10.34.0.1'));
    const { limit } = AUTH_RATE_LIMITS.loginPerDevice;
    for (let index = 0; index < limit; index++) {
      const response = await login(
        { email: account.user.email, password: 'wrong-password' },
        `10.35.0.${index + 1}`,
        cookie,
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(credentials, '10.35.1.1', cookie);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toContain('ログインの試行回数が多すぎます');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The browser's guesses did not use up the address's allowance for other clients.
    expect((await login(credentials, '10.35.2.1')).statusCode).toBe(200);
  });

  it('trusts no cookie of another account, of a shadow sign-up or with a changed signature', async () => {
    const account = await signupViaApi(t.app);
    const credentials = { email: account.user.email, password: account.password };
    const other = await signupViaApi(t.app);
    const otherCookie = deviceCookie(
      await login({ email: other.user.email, password: other.password }, '10.36.0.1'),
    );
    // Someone signs up again with the owner's address: a shadow account they control.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: account.user.email, password: 'shadow-password' },
      remoteAddress: '10.36.0.2',
    });
    const shadowCookie = deviceCookie(
      await login({ email: account.user.email, password: 'shadow-password' }, '10.36.0.2'),
    );
    const ownCookie = deviceCookie(await login(credentials, '10.36.0.3'));
    const forged = ownCookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));

    await guessFromManyAddresses(account.user.email, '10.37');
    for (const cookie of [otherCookie, shadowCookie, forged]) {
      expect((await login(credentials, '10.38.0.1', cookie)).statusCode).toBe(429);
    }
    expect((await login(credentials, '10.38.0.1', ownCookie)).statusCode).toBe(200);
  });

  it('ends with a password change', async () => {
    const account = await signupViaApi(t.app);
    const cookie = deviceCookie(
      await login({ email: account.user.email, password: account.password }, '10.39.0.1'),
    );
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { authorization: `Bearer ${account.access_token}` },
      payload: { currentPassword: account.password, newPassword: 'new-password-456' },
    });
    expect(changed.statusCode).toBe(200);
    await guessFromManyAddresses(account.user.email, '10.40');
    const response = await login(
      { email: account.user.email, password: 'new-password-456' },
      '10.41.0.1',
      cookie,
    );
    expect(response.statusCode).toBe(429);
  });
});

describe('Cache-Control on sign-in answers', () => {
  it('is no-store for sign-up, sign-in, refresh and failures', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `nostore-${Date.now()}@example.jp`, password: 'password123' },
      remoteAddress: '10.42.0.1',
    });
    expect(signup.statusCode).toBe(201);
    const { email } = signup.json().user as { email: string };
    const signedIn = await login({ email, password: 'password123' }, '10.42.0.1');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: signedIn.json().refresh_token },
    });
    const failed = await login({ email, password: 'wrong-password' }, '10.42.0.1');
    expect([signedIn.statusCode, refreshed.statusCode, failed.statusCode]).toEqual([200, 200, 401]);
    for (const response of [signup, signedIn, refreshed, failed]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
