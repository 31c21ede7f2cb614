import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, signupViaApi, uniqueEmail } from '../../../../tests/helpers/accounts.ts';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import { seedPayment } from '../../../../tests/helpers/payments.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import {
  creditTransactions,
  emailChangeRequests,
  payments,
  referrals,
  users,
} from '../../db/schema.ts';
import { ensureReferralCode } from '../referrals/referrals.service.ts';

const t = useTestApp();

const deleteOwnAccount = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(token), payload });
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });

describe('deleting one’s own account', () => {
  it('signs out everywhere, refuses the address and keeps sales, ledger and referral records', async () => {
    const referrer = await seedUser(t.app);
    const code = await ensureReferralCode(t.app.db, referrer.id);
    const account = await signupViaApi(t.app, { ref: code, displayName: '退会 花子' });
    const userId = account.user.id;
    const laptop = (
      await post('/api/auth/login', { email: account.user.email, password: account.password })
    ).json();
    await seedPayment(t.app.db, userId);
    await t.app.inject({
      method: 'POST',
      url: '/api/account/email-change',
      headers: bearer(account.access_token),
      payload: { currentPassword: account.password, newEmail: uniqueEmail('pending') },
    });

    const deleted = await deleteOwnAccount(account.access_token, {
      currentPassword: account.password,
      confirmation: '削除する',
    });
    expect(deleted.statusCode).toBe(204);

    for (const token of [account.access_token, laptop.access_token]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    }
    expect(
      (await post('/api/auth/refresh', { refresh_token: laptop.refresh_token })).statusCode,
    ).toBe(401);
    const login = await post('/api/auth/login', {
      email: account.user.email,
      password: account.password,
    });
    expect(login.statusCode).toBe(401);

    const [row] = await t.app.db.select().from(users).where(eq(users.id, userId));
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.email).not.toBe(account.user.email);
    expect(row!.displayName).toBeNull();
    expect(await t.app.db.select().from(payments).where(eq(payments.userId, userId))).toHaveLength(
      1,
    );
    expect(
      await t.app.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId)),
    ).toHaveLength(1);
    expect(
      await t.app.db.select().from(referrals).where(eq(referrals.referredUserId, userId)),
    ).toHaveLength(1);
    expect(
      await t.app.db
        .select()
        .from(emailChangeRequests)
        .where(eq(emailChangeRequests.userId, userId)),
    ).toHaveLength(0);

    // The address may sign up again, without a second bonus.
    const again = await signupViaApi(t.app, { email: account.user.email });
    expect(again.user.credits).toBe(0);
  });

  it('needs the current password and the typed confirmation', async () => {
    const account = await signupViaApi(t.app);
    const wrong = await deleteOwnAccount(account.access_token, {
      currentPassword: 'not-my-password',
      confirmation: '削除する',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('現在のパスワードが正しくありません');
    const unconfirmed = await deleteOwnAccount(account.access_token, {
      currentPassword: account.password,
      confirmation: 'はい',
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.message).toContain('「削除する」と入力してください');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row!.deletedAt).toBeNull();
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { currentPassword: account.password, confirmation: '削除する' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
