import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { signupViaApi } from '../../../../tests/helpers/accounts.ts';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import { seedPayment } from '../../../../tests/helpers/payments.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import {
  billingProfiles,
  creditTransactions,
  faqGenerations,
  payments,
  referrals,
  refreshTokens,
  users,
} from '../../db/schema.ts';
import { spendCredits } from '../credits/ledger.ts';
import { ensureReferralCode } from '../referrals/referrals.service.ts';

const t = useTestApp();

async function login(password = 'admin123') {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'admin', password },
  });
}
async function adminHeaders(password?: string) {
  const response = await login(password);
  return { authorization: `Bearer ${response.json().token}` };
}

const DAY = 24 * 60 * 60 * 1000;

async function addGeneration(userId: string, createdAt: Date, creditsUsed = 0) {
  await t.app.db.insert(faqGenerations).values({
    id: randomUUID(),
    userId,
    title: 'テスト',
    method: 'text',
    status: 'completed',
    creditsUsed,
    createdAt,
  });
}

async function listRow(headers: Record<string, string>, id: string, status = 'all') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/users?status=${status}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json().users.find((row: { id: string }) => row.id === id);
}

describe('per-user figures in the admin list', () => {
  it('counts FAQs, usage, referrals and last activity from the real rows', async () => {
    const headers = await adminHeaders();
    const old = new Date(Date.now() - 90 * DAY);
    const busy = await seedUser(t.app, { credits: 100 });
    const idle = await seedUser(t.app, { credits: 10 });
    await t.app.db.update(users).set({ createdAt: old }).where(eq(users.id, idle.id));
    await t.app.db.update(users).set({ createdAt: old }).where(eq(users.id, busy.id));
    const lastGeneration = new Date(Date.now() - 2 * DAY);
    // FAQs delivered (credits used by each record), as the customer's /account counts them.
    await addGeneration(busy.id, new Date(Date.now() - 10 * DAY), 4);
    await addGeneration(busy.id, lastGeneration, 3);
    await addGeneration(busy.id, new Date(Date.now() - 5 * DAY));
    await spendCredits(t.app.db, { userId: busy.id, amount: 7, type: 'usage', description: 'x' });
    await spendCredits(t.app.db, { userId: busy.id, amount: 3, type: 'debit', description: 'y' });
    for (let index = 0; index < 2; index++) {
      const referred = await seedUser(t.app);
      await t.app.db.insert(referrals).values({
        id: randomUUID(),
        referralCode: 'CODE',
        referrerUserId: busy.id,
        referredUserId: referred.id,
      });
    }

    // 使用量 is the generation's use (7), as 利用履歴 shows it; the admin 減算 (3) is not use.
    expect(await listRow(headers, busy.id)).toMatchObject({
      faqCount: 7,
      creditsUsed: 7,
      referralCount: 2,
      lastActivity: lastGeneration.toISOString(),
      active: true,
    });
    expect(await listRow(headers, idle.id)).toMatchObject({
      faqCount: 0,
      creditsUsed: 0,
      referralCount: 0,
      lastActivity: old.toISOString(),
      active: false,
    });
    expect(await listRow(headers, busy.id, 'active')).toBeDefined();
    expect(await listRow(headers, busy.id, 'inactive')).toBeUndefined();
    expect(await listRow(headers, idle.id, 'inactive')).toBeDefined();
    expect(await listRow(headers, idle.id, 'active')).toBeUndefined();

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users.csv?search=${busy.email}`,
      headers,
    });
    expect(csv.body).toContain(`"${busy.email}","","90","7","7","2"`);
  });
});

describe('deleting and suspending users', () => {
  it('anonymises a deleted user, ends their sessions and keeps sales, ledger and referrals', async () => {
    const headers = await adminHeaders();
    const referrer = await seedUser(t.app);
    const code = await ensureReferralCode(t.app.db, referrer.id);
    const email = `Keep.Me+${randomUUID().slice(0, 6)}@example.jp`.toLowerCase();
    const account = await signupViaApi(t.app, { email, displayName: '削除 太郎', ref: code });
    const userId = account.user.id;
    await seedPayment(t.app.db, userId);
    const avatarKey = `avatars/${userId}/0123456789abcdef01234567.png`;
    await t.app.storage.put(avatarKey, Readable.from([Buffer.from('png')]), {
      contentType: 'image/png',
    });
    await t.app.db
      .update(users)
      .set({ avatarUrl: `/api/account/avatar/${userId}/0123456789abcdef01234567.png` })
      .where(eq(users.id, userId));
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/billing-profile',
      headers: { authorization: `Bearer ${account.access_token}` },
      payload: { name: '削除 太郎' },
    });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${userId}`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${userId}`,
      headers,
    });
    expect(again.statusCode).toBe(404);

    const [row] = await t.app.db.select().from(users).where(eq(users.id, userId));
    expect(row!.email).not.toContain('keep.me');
    expect(row!.displayName).toBeNull();
    expect(row!.avatarUrl).toBeNull();
    expect(row!.passwordHash).not.toMatch(/^\$argon2/);
    expect(row!.deletedAt).not.toBeNull();
    expect(await t.app.storage.open(avatarKey)).toBeNull();
    expect(
      await t.app.db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)),
    ).toEqual([]);
    const tokens = await t.app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId));
    expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: account.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${account.access_token}` },
    });
    expect(me.statusCode).toBe(401);

    expect(await t.app.db.select().from(payments).where(eq(payments.userId, userId))).toHaveLength(
      1,
    );
    const [sum] = await t.app.db
      .select({ total: sql<number>`sum(${creditTransactions.amount})::int` })
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId));
    expect(sum!.total).toBe(row!.credits);
    expect(
      await t.app.db.select().from(referrals).where(eq(referrals.referredUserId, userId)),
    ).toHaveLength(1);
    expect(await listRow(headers, userId)).toBeUndefined();
    expect((await listRow(headers, referrer.id)).referralCount).toBe(1);

    // The same address, in another spelling, signs up again: no bonus for anyone.
    const [local, domain] = email.split('@');
    const back = await signupViaApi(t.app, {
      email: `${local!.split('+')[0]!.toUpperCase()}+again@${domain}`.toLowerCase(),
      ref: code,
    });
    expect(back.user.credits).toBe(0);
    const [referrerRow] = await t.app.db.select().from(users).where(eq(users.id, referrer.id));
    expect(referrerRow!.credits).toBe(10);
  });

  it('suspends reversibly: no sign-in, no refresh, no API; lifting restores access', async () => {
    const headers = await adminHeaders();
    const account = await signupViaApi(t.app);
    const suspend = (suspended: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${account.user.id}/suspension`,
        headers,
        payload: { suspended },
      });
    expect((await suspend(true)).json()).toEqual({ suspended: true });
    expect((await listRow(headers, account.user.id)).suspended).toBe(true);
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.user.email, password: account.password },
      });
    const refused = await signIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'このアカウントは利用停止中です。サポートまでお問い合わせください',
    );
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: account.refresh_token },
    });
    expect(refresh.statusCode).not.toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${account.access_token}` },
    });
    expect(me.statusCode).toBe(403);

    expect((await suspend(false)).json()).toEqual({ suspended: false });
    expect((await signIn()).statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${account.user.id}/suspension`,
      headers,
      payload: { suspended: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('credit adjustment texts', () => {
  it('keeps the internal reason from the customer, who reads a neutral or chosen description', async () => {
    const headers = await adminHeaders();
    const user = await seedUser(t.app, { credits: 10 });
    const adjust = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.id}/credits`,
        headers,
        payload,
      });
    expect((await adjust({ amount: 5, reason: 'テスト調整 #74' })).statusCode).toBe(200);
    expect(
      (await adjust({ amount: -2, reason: '誤付与', customerDescription: 'キャンペーン訂正' }))
        .statusCode,
    ).toBe(200);
    const credits = await t.app.inject({
      method: 'GET',
      url: '/api/credits',
      headers: user.headers,
    });
    const shown = JSON.stringify(credits.json());
    expect(shown).not.toContain('テスト調整');
    expect(shown).not.toContain('誤付与');
    const descriptions = credits
      .json()
      .transactions.map((row: { description: string }) => row.description);
    expect(descriptions).toEqual(expect.arrayContaining(['運営による調整', 'キャンペーン訂正']));
    const notes = await t.app.db
      .select({ note: creditTransactions.internalNote })
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, user.id));
    expect(notes.map((row) => row.note)).toEqual(
      expect.arrayContaining(['テスト調整 #74', '誤付与']),
    );
  });
});

describe('admin password change', () => {
  it("ends the admin's other sessions but keeps the one that changed it", async () => {
    const other = await adminHeaders();
    const current = await adminHeaders();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/password',
      headers: current,
      payload: { currentPassword: 'admin123', newPassword: 'another-admin-pass' },
    });
    expect(changed.statusCode).toBe(204);
    const session = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/admin/session', headers });
    expect((await session(other)).statusCode).toBe(401);
    expect((await session(current)).statusCode).toBe(200);
    expect((await session(await adminHeaders('another-admin-pass'))).statusCode).toBe(200);
    // Restore for the other tests of this file.
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/password',
      headers: current,
      payload: { currentPassword: 'another-admin-pass', newPassword: 'admin123' },
    });
  });
});
