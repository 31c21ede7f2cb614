import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signupViaApi, uniqueEmail } from '../../../../tests/helpers/accounts.ts';
import { emailOutbox, passwordResetTokens } from '../../db/schema.ts';
import { sha256 } from './refresh-tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://faq.example.jp' });
});
afterAll(async () => {
  await t.close();
});

const requestReset = (email: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/request',
    payload: { email },
  });
const confirmReset = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: payload as Record<string, unknown>,
  });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

async function resetMails(email: string) {
  return t.app.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'password_reset')));
}

/** The token as the user receives it: from the link in the e-mail. */
function tokenFromMail(text: string | null): string {
  const match = /https:\/\/faq\.example\.jp\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
    text ?? '',
  );
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

describe('password reset', () => {
  it('sends a one-time link through the outbox and sets the new password', async () => {
    const account = await signupViaApi(t.app);
    const email = account.user.email;
    const request = await requestReset(email.toUpperCase());
    expect(request.statusCode).toBe(202);
    expect(request.json()).toEqual({ ok: true });

    const mails = await resetMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('【FAQ工房】パスワード再設定のご案内');
    expect(mails[0]!.text).toContain('60分以内');
    const token = tokenFromMail(mails[0]!.text);
    // Stored only as a hash.
    const [stored] = await t.app.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    expect(stored).toBeDefined();
    expect(JSON.stringify(stored)).not.toContain(token);

    const confirmed = await confirmReset({ token, password: 'new-password-1' });
    expect(confirmed.statusCode).toBe(204);
    const again = await confirmReset({ token, password: 'new-password-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('リンクが無効か有効期限が切れています');

    expect((await login(email, account.password)).statusCode).toBe(401);
    expect((await login(email, 'new-password-2')).statusCode).toBe(401);
    expect((await login(email, 'new-password-1')).statusCode).toBe(200);
    // Every session from before the reset has ended.
    const oldRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: account.refresh_token },
    });
    expect(oldRefresh.statusCode).toBe(401);
  });

  it('answers 202 for an unknown address and sends nothing', async () => {
    const email = uniqueEmail();
    const response = await requestReset(email);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ ok: true });
    expect(await resetMails(email)).toHaveLength(0);
  });

  it('refuses an expired link', async () => {
    const account = await signupViaApi(t.app);
    await requestReset(account.user.email);
    const token = tokenFromMail((await resetMails(account.user.email))[0]!.text);
    await t.app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    const response = await confirmReset({ token, password: 'new-password-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('リンクが無効か有効期限が切れています');
    expect((await login(account.user.email, account.password)).statusCode).toBe(200);
  });

  it('invalidates the older links once one of them is used', async () => {
    const account = await signupViaApi(t.app);
    await requestReset(account.user.email);
    await requestReset(account.user.email);
    const [first, second] = (await resetMails(account.user.email)).map((mail) =>
      tokenFromMail(mail.text),
    );
    expect(first).not.toBe(second);
    expect((await confirmReset({ token: second, password: 'new-password-1' })).statusCode).toBe(
      204,
    );
    expect((await confirmReset({ token: first, password: 'new-password-2' })).statusCode).toBe(400);
  });

  it.each([
    ['a forged token', { token: 'x'.repeat(43), password: 'new-password-1' }, 400],
    ['no token', { password: 'new-password-1' }, 400],
    ['a short password', { token: 'x'.repeat(43), password: 'short' }, 400],
    ['a 10 000-character token', { token: 'x'.repeat(10_000), password: 'new-password-1' }, 400],
    ['a 10 000-character password', { token: 'x'.repeat(43), password: 'p'.repeat(10_000) }, 400],
    ['a numeric token', { token: 42, password: 'new-password-1' }, 400],
  ])('answers %s with a Japanese 400', async (_label, body, status) => {
    const response = await confirmReset(body);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it('answers a bad e-mail on request with 400', async () => {
    expect((await requestReset('not-an-email')).statusCode).toBe(400);
    expect((await requestReset(null)).statusCode).toBe(400);
    expect((await requestReset(`${'a'.repeat(10_000)}@example.jp`)).statusCode).toBe(400);
  });
});
