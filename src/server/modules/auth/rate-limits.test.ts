import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signupViaApi, uniqueEmail } from '../../../../tests/helpers/accounts.ts';
import { AUTH_RATE_LIMITS } from './auth.routes.ts';
import { keepInsideRateLimitWindows } from '../../../../tests/helpers/rate-limit-windows.ts';

// Bursts that expect a refusal must fall within one counting window.
keepInsideRateLimitWindows();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: Record<string, unknown>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

function expectJapanese429(response: Awaited<ReturnType<typeof post>>, text: string) {
  expect(response.statusCode).toBe(429);
  expect(response.json().error).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
  expect(response.json().error.message).toContain(text);
  expect(response.json().error.message).toMatch(/約\d+(分|秒)後に再試行できます/);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-in rate limits', () => {
  it('blocks the (limit+1)th attempt for one e-mail from one client, even with the right password', async () => {
    const account = await signupViaApi(t.app);
    const { limit } = AUTH_RATE_LIMITS.loginPerEmailAndIp;
    for (let index = 0; index < limit; index++) {
      const response = await post(
        '/api/auth/login',
        { email: account.user.email, password: 'wrong-password' },
        '10.1.0.1',
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/auth/login',
      { email: account.user.email.toUpperCase(), password: account.password },
      '10.1.0.1',
    );
    expectJapanese429(blocked, 'ログインの試行回数が多すぎます');
    // Other accounts are unaffected.
    const other = await signupViaApi(t.app);
    const fine = await post(
      '/api/auth/login',
      { email: other.user.email, password: other.password },
      '10.1.0.1',
    );
    expect(fine.statusCode).toBe(200);
  });

  it('does not lock the owner out when someone else guessed wrong ten times', async () => {
    const account = await signupViaApi(t.app);
    for (let index = 0; index < AUTH_RATE_LIMITS.loginPerEmailAndIp.limit; index++) {
      await post(
        '/api/auth/login',
        { email: account.user.email, password: 'wrong-password' },
        '10.1.2.1',
      );
    }
    expectJapanese429(
      await post(
        '/api/auth/login',
        { email: account.user.email, password: 'wrong-password' },
        '10.1.2.1',
      ),
      'ログインの試行回数が多すぎます',
    );
    const owner = await post(
      '/api/auth/login',
      { email: account.user.email, password: account.password },
      '10.1.2.2',
    );
    expect(owner.statusCode).toBe(200);
  });

  it('still caps guesses at one address spread over many clients', async () => {
    const account = await signupViaApi(t.app);
    const { limit } = AUTH_RATE_LIMITS.loginPerEmail;
    for (let index = 0; index < limit; index++) {
      const response = await post(
        '/api/auth/login',
        { email: account.user.email, password: 'wrong-password' },
        `10.9.${Math.floor(index / 5)}.${(index % 5) + 1}`,
      );
      expect(response.statusCode).toBe(401);
    }
    expectJapanese429(
      await post(
        '/api/auth/login',
        { email: account.user.email, password: 'wrong-password' },
        '10.9.250.1',
      ),
      'ログインの試行回数が多すぎます',
    );
  });

  it('blocks the (limit+1)th attempt from one IP address across e-mails', async () => {
    const { limit } = AUTH_RATE_LIMITS.loginPerIp;
    for (let index = 0; index < limit; index++) {
      const response = await post(
        '/api/auth/login',
        { email: uniqueEmail(), password: 'password123' },
        '10.2.0.1',
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/auth/login',
      { email: uniqueEmail(), password: 'password123' },
      '10.2.0.1',
    );
    expectJapanese429(blocked, 'ログインの試行回数が多すぎます');
    const elsewhere = await post(
      '/api/auth/login',
      { email: uniqueEmail(), password: 'password123' },
      '10.2.0.2',
    );
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('sign-up rate limits', () => {
  it('blocks the (limit+1)th sign-up from one IP address', async () => {
    const { limit } = AUTH_RATE_LIMITS.signupPerIp;
    for (let index = 0; index < limit; index++) {
      const response = await post(
        '/api/auth/signup',
        { email: uniqueEmail(), password: 'password123' },
        '10.3.0.1',
      );
      expect(response.statusCode).toBe(201);
    }
    const blocked = await post(
      '/api/auth/signup',
      { email: uniqueEmail(), password: 'password123' },
      '10.3.0.1',
    );
    expectJapanese429(blocked, '登録の試行回数が多すぎます');
  });

  it('blocks the (limit+1)th sign-up attempt for one e-mail', async () => {
    const email = uniqueEmail();
    const { limit } = AUTH_RATE_LIMITS.signupPerEmail;
    const statuses: number[] = [];
    for (let index = 0; index < limit; index++) {
      const response = await post(
        '/api/auth/signup',
        { email, password: 'password123' },
        `10.4.0.${index + 1}`,
      );
      statuses.push(response.statusCode);
    }
    // Every attempt looks alike: a registered address is not revealed.
    expect(statuses).toEqual(Array(limit).fill(201));
    expectJapanese429(
      await post('/api/auth/signup', { email, password: 'password123' }, '10.4.1.1'),
      '登録の試行回数が多すぎます',
    );
  });
});

describe('password reset rate limit', () => {
  it('blocks the (limit+1)th request for one e-mail', async () => {
    const account = await signupViaApi(t.app);
    const { limit } = AUTH_RATE_LIMITS.resetPerEmail;
    for (let index = 0; index < limit; index++) {
      const response = await post(
        '/api/auth/password-reset/request',
        { email: account.user.email },
        `10.5.0.${index + 1}`,
      );
      expect(response.statusCode).toBe(202);
    }
    expectJapanese429(
      await post('/api/auth/password-reset/request', { email: account.user.email }, '10.5.1.1'),
      'パスワード再設定のお申し込みが多すぎます',
    );
  });
});
