import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import {
  bearer,
  confirmationTokenFor,
  signupViaApi,
  uniqueEmail,
} from '../../../../tests/helpers/accounts.ts';
import {
  creditTransactions,
  emailConfirmationTokens,
  emailOutbox,
  users,
} from '../../db/schema.ts';
import { ensureReferralCode } from '../referrals/referrals.service.ts';
import { sha256 } from './refresh-tokens.ts';
import { keepInsideRateLimitWindows } from '../../../../tests/helpers/rate-limit-windows.ts';

// Bursts that expect a refusal must fall within one counting window.
keepInsideRateLimitWindows();

const t = useTestApp();

const confirm = (token: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    payload: { token } as Record<string, unknown>,
  });
const resend = (accessToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email/resend',
    headers: bearer(accessToken),
  });
const balance = async (userId: string) =>
  (await t.app.db.select().from(users).where(eq(users.id, userId)))[0]!.credits;
const bonusRows = (userId: string) =>
  t.app.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));

describe('e-mail confirmation', () => {
  it('lets an unconfirmed user in without bonuses; confirming twice grants once', async () => {
    const referrer = await signupViaApi(t.app);
    const code = await ensureReferralCode(t.app.db, referrer.user.id);
    const account = await signupViaApi(t.app, { ref: code, confirm: false });
    expect(account.user).toMatchObject({ credits: 0, emailConfirmed: false });
    // Signed in and able to use the product while unconfirmed.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(account.access_token),
    });
    expect(me.statusCode).toBe(200);
    expect(await balance(referrer.user.id)).toBe(50);

    const token = await confirmationTokenFor(t.app, account.user.email);
    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, alreadyConfirmed: false, creditsGranted: 50 });
    const second = await confirm(token);
    expect(second.json()).toEqual({ ok: true, alreadyConfirmed: true, creditsGranted: 0 });
    await Promise.all([confirm(token), confirm(token)]);

    expect(await balance(account.user.id)).toBe(50);
    expect(await bonusRows(account.user.id)).toHaveLength(1);
    expect(await balance(referrer.user.id)).toBe(60);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(account.access_token),
    });
    expect(after.json()).toMatchObject({ credits: 50, emailConfirmed: true });
  });

  it('gives a referrer nothing for sign-ups that never confirm', async () => {
    const referrer = await signupViaApi(t.app);
    const code = await ensureReferralCode(t.app.db, referrer.user.id);
    for (let index = 0; index < 5; index++) {
      await signupViaApi(t.app, { ref: code, confirm: false });
    }
    expect(await balance(referrer.user.id)).toBe(50);
  });

  it('grants no second bonus to the same address in another case or with a +alias', async () => {
    const local = `taro-${Date.now()}`;
    const first = await signupViaApi(t.app, { email: `${local}@example.jp` });
    expect(first.user.credits).toBe(50);
    const referrer = await signupViaApi(t.app);
    const code = await ensureReferralCode(t.app.db, referrer.user.id);
    const alias = await signupViaApi(t.app, { email: `${local}+2@EXAMPLE.jp`, ref: code });
    expect(alias.user).toMatchObject({ credits: 0, emailConfirmed: true });
    expect(await balance(referrer.user.id)).toBe(50);
    // The welcome mail still goes out: the account itself is fine.
    const mails = await t.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, `${local}+2@example.jp`), eq(emailOutbox.kind, 'welcome')));
    expect(mails).toHaveLength(1);
  });

  it('says exactly what was granted: the bonus the first time, none after re-registering the address', async () => {
    const email = uniqueEmail('again');
    const mailTo = async (kind: string) =>
      (
        await t.app.db
          .select({ text: emailOutbox.text })
          .from(emailOutbox)
          .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, kind)))
          .orderBy(desc(emailOutbox.createdAt))
          .limit(1)
      )[0]!.text;

    const first = await signupViaApi(t.app, { email, confirm: false });
    expect(await mailTo('email_confirmation')).toContain(
      '確認が完了すると、登録特典の50クレジットをお付けします。',
    );
    const granted = await confirm(await confirmationTokenFor(t.app, email));
    expect(granted.json()).toEqual({ ok: true, alreadyConfirmed: false, creditsGranted: 50 });
    expect(await mailTo('welcome')).toContain('登録特典として50クレジットをお付けしました');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(first.access_token),
      payload: { currentPassword: first.password, confirmation: '削除する' },
    });
    expect(deleted.statusCode).toBe(204);

    // The same mailbox signs up again: neither mail nor answer may speak of a bonus granted.
    const again = await signupViaApi(t.app, { email, confirm: false });
    const linkMail = await mailTo('email_confirmation');
    expect(linkMail).not.toContain('クレジットをお付けします');
    expect(linkMail).toContain('以前に登録特典を受け取っているため');
    const confirmed = await confirm(await confirmationTokenFor(t.app, email));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ ok: true, alreadyConfirmed: false, creditsGranted: 0 });
    const welcome = await mailTo('welcome');
    expect(welcome).not.toContain('お付けしました');
    expect(welcome).toContain('今回クレジットの付与はありません');
    expect(await balance(again.user.id)).toBe(0);
  });

  it('answers unknown, expired and malformed links with a Japanese 400', async () => {
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('確認リンクが無効か有効期限が切れています');
    const account = await signupViaApi(t.app, { confirm: false });
    const token = await confirmationTokenFor(t.app, account.user.email);
    await t.app.db
      .update(emailConfirmationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailConfirmationTokens.tokenHash, sha256(token)));
    expect((await confirm(token)).statusCode).toBe(400);
    expect(await balance(account.user.id)).toBe(0);
    for (const bad of ['', 42, null, 'x'.repeat(10_000), { a: 1 }]) {
      const response = await confirm(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });

  it('resends a fresh link to a signed-in unconfirmed user, and nothing once confirmed', async () => {
    const email = uniqueEmail();
    const account = await signupViaApi(t.app, { email, confirm: false });
    const before = await confirmationTokenFor(t.app, email);
    const response = await resend(account.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, alreadyConfirmed: false });
    const after = await confirmationTokenFor(t.app, email);
    expect(after).not.toBe(before);
    expect((await confirm(after)).statusCode).toBe(200);
    expect((await resend(account.access_token)).json()).toEqual({
      ok: true,
      alreadyConfirmed: true,
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email/resend' })).statusCode,
    ).toBe(401);
  });

  it('limits resends per user with a Japanese 429', async () => {
    const account = await signupViaApi(t.app, { confirm: false });
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      statuses.push((await resend(account.access_token)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});
