import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bearer, signupViaApi } from '../../../../tests/helpers/accounts.ts';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import { emailOutbox, users } from '../../db/schema.ts';
import { CURRENT_PASSWORD_LIMITS } from './current-password.ts';
import { keepInsideRateLimitWindows } from '../../../../tests/helpers/rate-limit-windows.ts';

// Bursts that expect a refusal must fall within one counting window.
keepInsideRateLimitWindows();

const t = useTestApp();

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  post('/api/account/password', { currentPassword, newPassword }, token);
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });

describe('changing the password', () => {
  it('ends every other session, keeps the tab that changed it and mails the owner', async () => {
    const account = await signupViaApi(t.app);
    const laptop = (await login(account.user.email, account.password)).json();
    const changed = await changePassword(account.access_token, account.password, 'new-password-1');
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json();
    expect(fresh).toMatchObject({ token_type: 'bearer' });
    expect(Object.keys(fresh)).not.toContain('user');

    // Every token from before is refused: access tokens at once, refresh tokens for good.
    expect((await me(account.access_token)).statusCode).toBe(401);
    expect((await me(laptop.access_token)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/refresh', { refresh_token: laptop.refresh_token })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/refresh', { refresh_token: account.refresh_token })).statusCode,
    ).toBe(401);
    // The tab that made the change carries on with its new pair.
    expect((await me(fresh.access_token)).statusCode).toBe(200);
    expect(
      (await post('/api/auth/refresh', { refresh_token: fresh.refresh_token })).statusCode,
    ).toBe(200);

    expect((await login(account.user.email, account.password)).statusCode).toBe(401);
    expect((await login(account.user.email, 'new-password-1')).statusCode).toBe(200);
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, account.user.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);

    const mails = await t.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, account.user.email), eq(emailOutbox.kind, 'password_changed')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('パスワードが変更されました');
    expect(mails[0]!.text).not.toContain('new-password-1');
  });

  it('refuses a wrong current password in Japanese and changes nothing', async () => {
    const account = await signupViaApi(t.app);
    const wrong = await changePassword(account.access_token, 'not-my-password', 'new-password-2');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('現在のパスワードが正しくありません');
    expect((await me(account.access_token)).statusCode).toBe(200);
    expect((await login(account.user.email, account.password)).statusCode).toBe(200);
  });

  it('applies the sign-up password rules to the new password', async () => {
    const account = await signupViaApi(t.app);
    const weak = await changePassword(account.access_token, account.password, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toBe(
      '新しいパスワード：パスワードは8文字以上で入力してください',
    );
    const missing = await post(
      '/api/account/password',
      { newPassword: 'long-enough-1' },
      account.access_token,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('現在のパスワードを入力してください');
    expect((await login(account.user.email, account.password)).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const response = await post('/api/account/password', {
      currentPassword: 'password123',
      newPassword: 'new-password-3',
    });
    expect(response.statusCode).toBe(401);
  });

  it('stops guessing the current password with a 429 and Retry-After', async () => {
    const account = await signupViaApi(t.app);
    for (let attempt = 0; attempt < CURRENT_PASSWORD_LIMITS.perUser.limit; attempt++) {
      expect(
        (await changePassword(account.access_token, `guess-${attempt}`, 'new-password-4'))
          .statusCode,
      ).toBe(400);
    }
    const blocked = await changePassword(account.access_token, account.password, 'new-password-4');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error.message).toMatch(/試行回数が多すぎます/);
    // The same budget guards deletion, so it cannot be used to keep guessing.
    const deletion = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(account.access_token),
      payload: { currentPassword: 'another-guess', confirmation: '削除する' },
    });
    expect(deletion.statusCode).toBe(429);
  });
});
