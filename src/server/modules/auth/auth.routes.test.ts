import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { creditTransactions, emailOutbox, referrals, users } from '../../db/schema.ts';
import { AUTH_RATE_LIMITS } from './auth.routes.ts';
import { ensureReferralCode } from '../referrals/referrals.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const uniqueEmail = () => `user${Date.now()}-${counter++}@example.jp`;

async function signup(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
}

describe('POST /api/auth/signup', () => {
  it('creates the user with 50 credits, one signup_bonus row and the exact token set', async () => {
    const email = uniqueEmail();
    const response = await signup({
      email: `  ${email.toUpperCase()} `,
      password: 'password123',
      displayName: '山田',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'access_token',
        'expires_in',
        'issued_at',
        'refresh_expires_in',
        'refresh_token',
        'token_type',
        'user',
      ].sort(),
    );
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
    });
    expect(body.user).toMatchObject({
      email,
      displayName: '山田',
      credits: 50,
      faqCount: 0,
      avatarUrl: null,
    });
    const rows = await t.app.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, body.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'signup_bonus',
      amount: 50,
      description: '新規登録ボーナス',
    });
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, body.user.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('rejects a duplicate e-mail with 409 in Japanese', async () => {
    const email = uniqueEmail();
    await signup({ email, password: 'password123' });
    const response = await signup({ email, password: 'password456' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('このメールアドレスは既に登録されています');
  });

  it('creates exactly one account and one bonus when identical sign-ups race', async () => {
    const email = uniqueEmail();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => signup({ email, password: 'password123' })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const [count] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(creditTransactions)
      .innerJoin(users, eq(users.id, creditTransactions.userId))
      .where(and(eq(users.email, email), eq(creditTransactions.type, 'signup_bonus')));
    expect(count!.n).toBe(1);
  });

  it.each([
    [{}, 'email'],
    [{ email: 'not-an-email', password: 'password123' }, 'email'],
    [{ email: 'a@example.jp', password: 'short' }, 'password'],
    [{ email: 'a@example.jp', password: 123 }, 'password'],
    [{ email: 'a@example.jp', password: 'x'.repeat(10_000) }, 'password'],
    [{ email: `${'a'.repeat(10_000)}@example.jp`, password: 'password123' }, 'email'],
  ])('answers bad input %j with a 400 naming %s', async (body, field) => {
    const response = await signup(body);
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.map((detail: { path: string }) => detail.path)).toContain(field);
    expect(error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it('answers invalid JSON with a 400, never a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('JSON');
  });

  it('credits the referrer +10 for a valid code and ignores unknown or repeated codes', async () => {
    const referrer = (await signup({ email: uniqueEmail(), password: 'password123' })).json();
    const code = await ensureReferralCode(t.app.db, referrer.user.id);
    const referred = await signup({ email: uniqueEmail(), password: 'password123', ref: code });
    expect(referred.statusCode).toBe(201);
    const unknown = await signup({
      email: uniqueEmail(),
      password: 'password123',
      ref: 'REF_UNKNOWN',
    });
    expect(unknown.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, referrer.user.id));
    expect(row!.credits).toBe(60);
    const rows = await t.app.db
      .select()
      .from(referrals)
      .where(eq(referrals.referrerUserId, referrer.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'completed',
      signupBonusGiven: 1,
      referredUserId: referred.json().user.id,
    });
  });
});

describe('login, refresh, logout and me', () => {
  it('signs in, reads and updates the profile', async () => {
    const email = uniqueEmail();
    await signup({ email, password: 'password123' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'password123' },
    });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.json()).toMatchObject({ email, credits: 50, faqCount: 0 });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers,
      payload: { displayName: '  佐藤商店 ' },
    });
    expect(patched.json().displayName).toBe('佐藤商店');
    const again = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(again.json().displayName).toBe('佐藤商店');
    const foreignAvatar = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers,
      payload: { avatarUrl: 'https://evil.example/x.png' },
    });
    expect(foreignAvatar.statusCode).toBe(400);
  });

  it('gives the same error for an unknown e-mail and a wrong password', async () => {
    const email = uniqueEmail();
    await signup({ email, password: 'password123' });
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong-password' },
    });
    const unknownEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail(), password: 'password123' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json().error.message).toBe(unknownEmail.json().error.message);
    expect(wrongPassword.json().error.message).toBe(
      'メールアドレスまたはパスワードが正しくありません',
    );
  });

  it('rotates refresh tokens and revokes the family when a rotated token is reused', async () => {
    const first = (await signup({ email: uniqueEmail(), password: 'password123' })).json();
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: token } });
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    expect(second.json().refresh_token).not.toBe(first.refresh_token);
    // The old token is spent; presenting it again revokes the family, including the new token.
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(second.json().refresh_token)).statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const session = (await signup({ email: uniqueEmail(), password: 'password123' })).json();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: session.refresh_token },
    });
    expect(out.statusCode).toBe(204);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().error.code).toBe('AUTHENTICATION_ERROR');
  });

  it('rejects /me without a token, with a forged one and for a deleted user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const session = (await signup({ email: uniqueEmail(), password: 'password123' })).json();
    const forged = `${session.access_token.slice(0, -4)}abcd`;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${forged}` },
        })
      ).statusCode,
    ).toBe(401);
    await t.app.db.delete(users).where(eq(users.id, session.user.id));
    const gone = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(gone.statusCode).toBe(401);
  });

  it('rate-limits repeated sign-in attempts for one e-mail with a Japanese 429', async () => {
    const email = uniqueEmail();
    await signup({ email, password: 'password123' });
    const attempts = AUTH_RATE_LIMITS.loginPerEmail.limit;
    for (let index = 0; index < attempts; index++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-password' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'password123' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toContain('試行回数が多すぎます');
  });
});

describe('password reset', () => {
  it('sends a one-time link through the outbox and sets a new password', async () => {
    const email = uniqueEmail();
    const session = (await signup({ email, password: 'password123' })).json();
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email },
    });
    expect(request.statusCode).toBe(202);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: uniqueEmail() },
    });
    expect(unknown.statusCode).toBe(202);
    const mails = await t.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'password_reset')));
    expect(mails).toHaveLength(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text!)![1]!;
    const confirm = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token, password },
      });
    expect((await confirm('new-password-1')).statusCode).toBe(204);
    expect((await confirm('new-password-2')).json().error.message).toBe(
      'リンクが無効か有効期限が切れています',
    );
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'password123' },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'new-password-1' },
    });
    expect(newLogin.statusCode).toBe(200);
    // Existing sessions end with the password change.
    const oldRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    expect(oldRefresh.statusCode).toBe(401);
  });
});
