import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  bearer,
  confirmationTokenFor,
  signupViaApi,
  uniqueEmail,
} from '../../../../tests/helpers/accounts.ts';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import { emailChangeRequests, emailOutbox, users } from '../../db/schema.ts';
import { sha256 } from '../auth/refresh-tokens.ts';

const t = useTestApp();

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const requestChange = (token: string, currentPassword: string, newEmail: string) =>
  post('/api/account/email-change', { currentPassword, newEmail }, token);
const confirmChange = (token: string, linkToken: string) =>
  post('/api/account/email-change/confirm', { token: linkToken }, token);
const me = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json();

const mailsTo = (to: string, kind: string) =>
  t.app.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt));

/** The token of the newest change link mailed to `email`. */
async function changeLinkFor(email: string): Promise<string> {
  const [mail] = await mailsTo(email, 'email_change');
  const token = /account\/email\/confirm\?token=([^\s]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no change link for ${email}`);
  return decodeURIComponent(token);
}

describe('changing the address', () => {
  it('moves the account only when the link mailed to the new address is followed', async () => {
    const account = await signupViaApi(t.app);
    const oldEmail = account.user.email;
    const newEmail = uniqueEmail('moved');
    const requested = await requestChange(
      account.access_token,
      account.password,
      newEmail.toUpperCase(),
    );
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toEqual({ ok: true });
    expect(await mailsTo(oldEmail, 'email_change_notice')).toHaveLength(1);
    const link = await changeLinkFor(newEmail);
    // Only the link's hash is stored.
    const [stored] = await t.app.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, account.user.id));
    expect(stored!.tokenHash).toBe(sha256(link));
    expect(JSON.stringify(stored)).not.toContain(link);
    expect((await me(account.access_token)).email).toBe(oldEmail);

    const confirmed = await confirmChange(account.access_token, link);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ ok: true, email: newEmail });
    expect((await me(account.access_token)).email).toBe(newEmail);
    const login = (email: string) => post('/api/auth/login', { email, password: account.password });
    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(oldEmail)).statusCode).toBe(401);

    const again = await confirmChange(account.access_token, link);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('この確認リンクは既に使用されています');
  });

  it('refuses a wrong password, the same address and a bad address, mailing nobody', async () => {
    const account = await signupViaApi(t.app);
    const newEmail = uniqueEmail('nope');
    const wrong = await requestChange(account.access_token, 'not-my-password', newEmail);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('現在のパスワードが正しくありません');
    const same = await requestChange(account.access_token, account.password, account.user.email);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe('現在と同じメールアドレスです');
    const malformed = await requestChange(account.access_token, account.password, 'no-at-sign');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('メールアドレスの形式が正しくありません');
    expect(await mailsTo(newEmail, 'email_change')).toHaveLength(0);
    expect(await mailsTo(account.user.email, 'email_change_notice')).toHaveLength(0);
  });

  it('answers alike for a registered address, never mails it a link, and counts aliases', async () => {
    const owner = await signupViaApi(t.app);
    const [local, domain] = owner.user.email.split('@');
    const account = await signupViaApi(t.app);
    for (const target of [owner.user.email, `${local}+mine@${domain}`]) {
      const response = await requestChange(account.access_token, account.password, target);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ ok: true });
      expect(await mailsTo(target, 'email_change')).toHaveLength(0);
      expect(await mailsTo(target, 'email_change_existing')).toHaveLength(1);
    }
    expect(await mailsTo(account.user.email, 'email_change_notice')).toHaveLength(2);
    expect((await me(account.access_token)).email).toBe(account.user.email);
    expect((await me(owner.access_token)).email).toBe(owner.user.email);
  });

  it('counts a Gmail dot spelling or googlemail.com as the registered mailbox it is', async () => {
    const name = `ta.ro.${Date.now().toString(36)}`;
    await signupViaApi(t.app, { email: `${name}@gmail.com` });
    const account = await signupViaApi(t.app);
    for (const target of [
      `${name.replaceAll('.', '')}@googlemail.com`,
      `${name.replace('.', '')}@gmail.com`,
    ]) {
      const response = await requestChange(account.access_token, account.password, target);
      expect(response.statusCode).toBe(202);
      expect(await mailsTo(target, 'email_change')).toHaveLength(0);
      expect(await mailsTo(target, 'email_change_existing')).toHaveLength(1);
    }
  });

  it('checks again when the link is followed: an address taken meanwhile stays with its owner', async () => {
    const account = await signupViaApi(t.app);
    const target = uniqueEmail('contested');
    await requestChange(account.access_token, account.password, target);
    const link = await changeLinkFor(target);
    const [local, domain] = target.split('@');
    await signupViaApi(t.app, { email: `${local}+first@${domain}` });
    const refused = await confirmChange(account.access_token, link);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('このメールアドレスは既に登録されています');
    expect((await me(account.access_token)).email).toBe(account.user.email);
  });

  it('refuses expired, unknown and other accounts’ links', async () => {
    const account = await signupViaApi(t.app);
    const stranger = await signupViaApi(t.app);
    const target = uniqueEmail('late');
    await requestChange(account.access_token, account.password, target);
    const link = await changeLinkFor(target);

    const foreign = await confirmChange(stranger.access_token, link);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toMatch(/別のアカウント/);
    expect((await me(stranger.access_token)).email).toBe(stranger.user.email);

    const unknown = await confirmChange(account.access_token, 'no-such-link');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/確認リンクが無効です/);

    await t.app.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.tokenHash, sha256(link)));
    const expired = await confirmChange(account.access_token, link);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toMatch(/有効期限が切れています/);
    expect((await me(account.access_token)).email).toBe(account.user.email);
    expect((await post('/api/account/email-change/confirm', { token: link })).statusCode).toBe(401);
  });

  it('lets only the newest request move the account', async () => {
    const account = await signupViaApi(t.app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await requestChange(account.access_token, account.password, first);
    await requestChange(account.access_token, account.password, second);
    const stale = await confirmChange(account.access_token, await changeLinkFor(first));
    expect(stale.statusCode).toBe(400);
    expect(
      (await confirmChange(account.access_token, await changeLinkFor(second))).statusCode,
    ).toBe(200);
    expect((await me(account.access_token)).email).toBe(second);
  });
});

describe('bonuses follow every address an account has used', () => {
  it('never frees an address for a second sign-up bonus by moving away from it', async () => {
    const account = await signupViaApi(t.app);
    expect(account.user.credits).toBe(50);
    const middle = uniqueEmail('middle');
    await requestChange(account.access_token, account.password, middle);
    await confirmChange(account.access_token, await changeLinkFor(middle));
    const last = uniqueEmail('last');
    await requestChange(account.access_token, account.password, last);
    await confirmChange(account.access_token, await changeLinkFor(last));
    expect((await me(account.access_token)).credits).toBe(50);

    // Both addresses it left are free to register again, but earn nothing.
    for (const email of [account.user.email, middle]) {
      const again = await signupViaApi(t.app, { email });
      expect(again.user.credits).toBe(0);
    }
  });

  it('gives an unconfirmed account its sign-up bonus once, on the address it confirms', async () => {
    const account = await signupViaApi(t.app, { confirm: false });
    const oldLink = await confirmationTokenFor(t.app, account.user.email);
    const target = uniqueEmail('confirmed-by-change');
    await requestChange(account.access_token, account.password, target);
    expect(
      (await confirmChange(account.access_token, await changeLinkFor(target))).statusCode,
    ).toBe(200);
    const user = await me(account.access_token);
    expect(user).toMatchObject({ email: target, emailConfirmed: true, credits: 50 });
    expect(await mailsTo(target, 'welcome')).toHaveLength(1);
    // The sign-up link mailed to the old address no longer acts on the account.
    expect((await post('/api/auth/confirm-email', { token: oldLink })).statusCode).toBe(400);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row!.credits).toBe(50);
    expect((await signupViaApi(t.app, { email: target.replace('@', '+x@') })).user.credits).toBe(0);
  });
});

describe('shadow sign-ups (a sign-up for a registered address)', () => {
  it('tell the owner nothing and become real on an address of their own', async () => {
    const owner = await signupViaApi(t.app);
    const shadow = await signupViaApi(t.app, { email: owner.user.email, confirm: false });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, shadow.user.id));
    expect(row!.shadow).toBe(true);
    const noticesBefore = (await mailsTo(owner.user.email, 'email_change_notice')).length;

    const ownAddress = uniqueEmail('own');
    expect((await requestChange(shadow.access_token, shadow.password, ownAddress)).statusCode).toBe(
      202,
    );
    expect(await mailsTo(owner.user.email, 'email_change_notice')).toHaveLength(noticesBefore);
    const changed = await confirmChange(shadow.access_token, await changeLinkFor(ownAddress));
    expect(changed.statusCode).toBe(200);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, shadow.user.id));
    expect(after).toMatchObject({ email: ownAddress, shadow: false });
  });
});
