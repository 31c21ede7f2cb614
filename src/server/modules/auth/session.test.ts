import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { bearer, signupViaApi, uniqueEmail } from '../../../../tests/helpers/accounts.ts';
import { faqGenerations, refreshTokens, users } from '../../db/schema.ts';
import { sha256 } from './refresh-tokens.ts';
import { deleteAccount } from '../account/account-lifecycle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: payload as Record<string, unknown>,
  });
const refresh = (refreshToken: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: refreshToken },
  });
const logout = (refreshToken: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    payload: { refresh_token: refreshToken },
  });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const patchMe = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/auth/me',
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

describe('POST /api/auth/login', () => {
  it('returns the token set and the user for the right password, e-mail in any case', async () => {
    const account = await signupViaApi(t.app, { displayName: '佐藤' });
    const response = await login({
      email: ` ${account.user.email.toUpperCase()}`,
      password: account.password,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
      user: { id: account.user.id, email: account.user.email, displayName: '佐藤', credits: 50 },
    });
    expect(body.refresh_token).not.toBe(account.refresh_token);
    expect((await me(body.access_token)).json().id).toBe(account.user.id);
  });

  it('gives the same 401 for an unknown e-mail and a wrong password', async () => {
    const account = await signupViaApi(t.app);
    const wrongPassword = await login({ email: account.user.email, password: 'wrong-password' });
    const unknownEmail = await login({ email: uniqueEmail(), password: account.password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().error).toMatchObject({
      code: 'AUTHENTICATION_ERROR',
      message: 'メールアドレスまたはパスワードが正しくありません',
    });
  });

  it('does not sign in an account whose stored hash is not argon2', async () => {
    const email = uniqueEmail();
    await t.app.db
      .insert(users)
      .values({ id: randomUUID(), email, passwordHash: 'plain-text-password' });
    expect((await login({ email, password: 'plain-text-password' })).statusCode).toBe(401);
  });

  it.each([
    ['an empty object', {}],
    ['no password', { email: 'a@example.jp' }],
    ['an empty password', { email: 'a@example.jp', password: '' }],
    ['a numeric password', { email: 'a@example.jp', password: 1 }],
    ['an array as e-mail', { email: ['a@example.jp'], password: 'password123' }],
    ['a 10 000-character password', { email: 'a@example.jp', password: 'p'.repeat(10_000) }],
    ['a 10 000-character e-mail', { email: `${'a'.repeat(10_000)}@x.jp`, password: 'password1' }],
  ])('answers %s with a Japanese 400', async (_label, body) => {
    const response = await login(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.json().error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it('answers invalid JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{email:',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: a new token set, and the old refresh token stops working', async () => {
    const account = await signupViaApi(t.app);
    const second = await refresh(account.refresh_token);
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'expires_in',
      'issued_at',
      'refresh_expires_in',
      'refresh_token',
      'token_type',
    ]);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(body.refresh_token).not.toBe(account.refresh_token);
    expect((await me(body.access_token)).statusCode).toBe(200);
    // The new token keeps working along the chain.
    const third = await refresh(body.refresh_token);
    expect(third.statusCode).toBe(200);
    expect((await refresh(third.json().refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when an already-rotated token is presented', async () => {
    const account = await signupViaApi(t.app);
    // A second sign-in of the same user is a separate family and must survive.
    const otherSession = (
      await login({ email: account.user.email, password: account.password })
    ).json();
    const rotated = (await refresh(account.refresh_token)).json();
    const latest = (await refresh(rotated.refresh_token)).json();

    const reuse = await refresh(account.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error).toMatchObject({
      code: 'AUTHENTICATION_ERROR',
      message: 'セッションの有効期限が切れました。もう一度ログインしてください',
    });
    // The newest token of the family is dead as well.
    expect((await refresh(latest.refresh_token)).statusCode).toBe(401);
    const family = await t.app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(latest.refresh_token)));
    expect(family[0]!.revokedAt).toBeInstanceOf(Date);

    expect((await refresh(otherSession.refresh_token)).statusCode).toBe(200);
  });

  it('answers two simultaneous refreshes with one token with the same new pair', async () => {
    const account = await signupViaApi(t.app);
    const results = await Promise.all([
      refresh(account.refresh_token),
      refresh(account.refresh_token),
    ]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(results[1]!.json()).toEqual(results[0]!.json());
    // The client stays signed in: the shared successor keeps working.
    expect((await refresh(results[0]!.json().refresh_token)).statusCode).toBe(200);
  });

  it('rejects an expired refresh token', async () => {
    const account = await signupViaApi(t.app);
    await t.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(account.refresh_token)));
    expect((await refresh(account.refresh_token)).statusCode).toBe(401);
  });

  it('rejects an unknown token with 401 and bad input with 400', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
    expect((await refresh('')).statusCode).toBe(400);
    expect((await refresh(12345)).statusCode).toBe(400);
    expect((await refresh('x'.repeat(10_000))).statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('リフレッシュトークンが必要です');
  });

  it('stops working once the account is deleted', async () => {
    const account = await signupViaApi(t.app);
    await deleteAccount(t.app.db, t.app.storage, t.app.log, account.user.id);
    expect((await refresh(account.refresh_token)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the refresh token with 204; logging out again or with an unknown token is 204', async () => {
    const account = await signupViaApi(t.app);
    const out = await logout(account.refresh_token);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect((await refresh(account.refresh_token)).statusCode).toBe(401);
    expect((await logout(account.refresh_token)).statusCode).toBe(204);
    expect((await logout('never-issued-token')).statusCode).toBe(204);
  });

  it('leaves the other sessions of the user alone', async () => {
    const account = await signupViaApi(t.app);
    const other = (await login({ email: account.user.email, password: account.password })).json();
    await logout(account.refresh_token);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('answers bad input with 400', async () => {
    expect((await logout(null)).statusCode).toBe(400);
    expect((await logout('x'.repeat(10_000))).statusCode).toBe(400);
  });
});

describe('GET /api/auth/me', () => {
  it('counts the FAQs actually produced across the user’s generations', async () => {
    const account = await signupViaApi(t.app);
    const generation = (status: string, creditsUsed: number) => ({
      id: `faq_${randomUUID()}`,
      userId: account.user.id,
      title: 'テスト',
      method: 'url',
      status,
      creditsUsed,
    });
    await t.app.db
      .insert(faqGenerations)
      .values([generation('completed', 10), generation('completed', 5), generation('failed', 0)]);
    const other = await signupViaApi(t.app);
    await t.app.db
      .insert(faqGenerations)
      .values({ ...generation('completed', 7), userId: other.user.id });
    expect((await me(account.access_token)).json().faqCount).toBe(15);
    expect((await me(other.access_token)).json().faqCount).toBe(7);
  });

  it('requires a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({
      code: 'AUTHENTICATION_ERROR',
      message: 'ログインが必要です',
    });
  });
});

describe('PATCH /api/auth/me', () => {
  it('persists a trimmed display name, and blank or null clears it', async () => {
    const account = await signupViaApi(t.app);
    const patched = await patchMe(account.access_token, { displayName: '  佐藤商店 ' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ displayName: '佐藤商店', email: account.user.email });
    expect((await me(account.access_token)).json().displayName).toBe('佐藤商店');

    expect((await patchMe(account.access_token, { displayName: '   ' })).json().displayName).toBe(
      null,
    );
    await patchMe(account.access_token, { displayName: '鈴木' });
    expect((await patchMe(account.access_token, { displayName: null })).json().displayName).toBe(
      null,
    );
  });

  it('changes nothing for an empty body and ignores fields it does not know', async () => {
    const account = await signupViaApi(t.app, { displayName: '田中' });
    const response = await patchMe(account.access_token, {
      credits: 99_999,
      email: 'evil@example.jp',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      displayName: '田中',
      credits: 50,
      email: account.user.email,
    });
  });

  it.each([
    ['a 51-character name', { displayName: 'あ'.repeat(51) }],
    ['a 10 000-character name', { displayName: 'a'.repeat(10_000) }],
    ['a numeric name', { displayName: 5 }],
    ['an external avatar URL', { avatarUrl: 'https://evil.example/x.png' }],
    ['a protocol-relative avatar URL', { avatarUrl: '//evil.example/api/account/avatar/a/b.png' }],
    ['a traversal avatar URL', { avatarUrl: '/api/account/avatar/../../etc/passwd' }],
    ['a javascript: avatar URL', { avatarUrl: 'javascript:alert(1)' }],
    ['a 10 000-character avatar URL', { avatarUrl: `/api/account/avatar/${'a'.repeat(10_000)}` }],
  ])('rejects %s with a Japanese 400', async (_label, body) => {
    const account = await signupViaApi(t.app, { displayName: '変更なし' });
    const response = await patchMe(account.access_token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect((await me(account.access_token)).json()).toMatchObject({
      displayName: '変更なし',
      avatarUrl: null,
    });
  });

  it('refuses an avatar path of another user or one that was never uploaded', async () => {
    const account = await signupViaApi(t.app);
    const other = await signupViaApi(t.app);
    const file = `${'a'.repeat(24)}.png`;
    for (const avatarUrl of [
      `/api/account/avatar/${other.user.id}/${file}`,
      `/api/account/avatar/${account.user.id}/${file}`,
    ]) {
      const response = await patchMe(account.access_token, { avatarUrl });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('プロフィール画像のURLが正しくありません');
    }
    const cleared = await patchMe(account.access_token, { avatarUrl: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().avatarUrl).toBeNull();
  });

  it('requires a token', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      payload: { displayName: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});
