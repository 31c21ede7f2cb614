import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { bearer, signupViaApi } from '../../../../tests/helpers/accounts.ts';
import { emailOutbox, refreshTokens } from '../../db/schema.ts';
import { REFRESH_GRACE_SECONDS, sha256 } from './refresh-tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });
const refresh = (refreshToken: string) =>
  post('/api/auth/refresh', { refresh_token: refreshToken });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('access tokens end with the session', () => {
  it('stops the access token at logout; other devices refresh and carry on', async () => {
    const account = await signupViaApi(t.app);
    const laptop = (
      await post('/api/auth/login', { email: account.user.email, password: account.password })
    ).json();
    expect((await me(account.access_token)).statusCode).toBe(200);
    expect(
      (await post('/api/auth/logout', { refresh_token: account.refresh_token })).statusCode,
    ).toBe(204);
    const after = await me(account.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    // The other sign-in keeps its session: its refresh gives a token that works.
    const renewed = await refresh(laptop.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json().access_token)).statusCode).toBe(200);
  });

  it('stops every access token at a password reset', async () => {
    const account = await signupViaApi(t.app);
    await post('/api/auth/password-reset/request', { email: account.user.email });
    const [mail] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, account.user.email), eq(emailOutbox.kind, 'password_reset')));
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text ?? '')![1]!;
    const reset = await post('/api/auth/password-reset/confirm', {
      token,
      password: 'brand-new-password',
    });
    expect(reset.statusCode).toBe(204);
    expect((await me(account.access_token)).statusCode).toBe(401);
    expect((await refresh(account.refresh_token)).statusCode).toBe(401);
    const fresh = await post('/api/auth/login', {
      email: account.user.email,
      password: 'brand-new-password',
    });
    expect((await me(fresh.json().access_token)).statusCode).toBe(200);
  });

  it('refuses a token from before a logout on another device', async () => {
    const account = await signupViaApi(t.app);
    const second = (
      await post('/api/auth/login', { email: account.user.email, password: account.password })
    ).json();
    await post('/api/auth/logout', { refresh_token: second.refresh_token });
    // The first device's token predates the logout: it must refresh (and can).
    expect((await me(account.access_token)).statusCode).toBe(401);
    const renewed = await refresh(account.refresh_token);
    expect((await me(renewed.json().access_token)).statusCode).toBe(200);
  });
});

describe('refresh grace window', () => {
  it('answers a repeat within the window with the same pair, and reuse after it revokes', async () => {
    const account = await signupViaApi(t.app);
    const first = await refresh(account.refresh_token);
    const again = await refresh(account.refresh_token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await me(again.json().access_token)).statusCode).toBe(200);

    // Past the window the old token is a replay: the whole family ends.
    await t.app.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - (REFRESH_GRACE_SECONDS + 1) * 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(account.refresh_token)));
    expect((await refresh(account.refresh_token)).statusCode).toBe(401);
    expect((await refresh(first.json().refresh_token)).statusCode).toBe(401);
  });

  it('treats the old token as reuse once its successor has been used', async () => {
    const account = await signupViaApi(t.app);
    const first = (await refresh(account.refresh_token)).json();
    const second = (await refresh(first.refresh_token)).json();
    expect((await refresh(account.refresh_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });

  it('gives nothing for a token revoked at logout, even within the window', async () => {
    const account = await signupViaApi(t.app);
    const first = (await refresh(account.refresh_token)).json();
    await post('/api/auth/logout', { refresh_token: first.refresh_token });
    expect((await refresh(account.refresh_token)).statusCode).toBe(401);
  });
});
