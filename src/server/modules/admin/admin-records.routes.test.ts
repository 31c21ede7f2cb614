import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedPayment } from '../../../../tests/helpers/payments.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { eq } from 'drizzle-orm';
import { adminUsers, faqGenerations } from '../../db/schema.ts';
import { spendCredits } from '../credits/ledger.ts';
import { salesReport } from './admin-records.ts';
import { logAdminAction } from './admin.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function adminHeaders() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'admin', password: 'admin123' },
  });
  return { authorization: `Bearer ${response.json().token}` };
}

async function addPayment(
  userId: string,
  input: {
    planId?: string;
    amountYen: number;
    completedAt: Date | null;
    status?: string;
    refundedYen?: number;
  },
) {
  const { planId = 'light', status, refundedYen = 0, ...rest } = input;
  return seedPayment(t.app.db, userId, {
    ...rest,
    planId,
    refundedYen,
    status: status ?? (input.completedAt ? 'completed' : 'pending'),
  });
}

describe('sales by Japanese day and month', () => {
  it('groups by the day in Japan, totals gross, tax, refunds and net, and exports CSV', async () => {
    const headers = await adminHeaders();
    const buyer = await seedUser(t.app);
    // 23:30 UTC on 9 Feb is 08:30 on 10 Feb in Japan.
    await addPayment(buyer.id, { amountYen: 1000, completedAt: new Date('2025-02-09T23:30:00Z') });
    await addPayment(buyer.id, {
      planId: 'standard',
      amountYen: 4000,
      completedAt: new Date('2025-02-10T14:59:00Z'),
      status: 'partially_refunded',
      refundedYen: 1500,
    });
    // 15:00 UTC on 10 Feb is already 11 Feb in Japan.
    await addPayment(buyer.id, {
      planId: 'pro',
      amountYen: 12000,
      completedAt: new Date('2025-02-10T15:00:00Z'),
      status: 'refunded',
      refundedYen: 12000,
    });
    await addPayment(buyer.id, { amountYen: 1000, completedAt: null });
    await addPayment(buyer.id, { amountYen: 1000, completedAt: new Date('2025-03-01T03:00:00Z') });

    const daily = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sales?period=day&from=2025-02-09&to=2025-02-11',
      headers,
    });
    expect(daily.statusCode).toBe(200);
    const body = daily.json();
    expect(body.rows.map((row: { label: string }) => row.label)).toEqual([
      '2025-02-09',
      '2025-02-10',
      '2025-02-11',
    ]);
    expect(body.rows[0]).toMatchObject({ purchases: 0, grossYen: 0 });
    expect(body.rows[1]).toEqual({
      label: '2025-02-10',
      purchases: 2,
      grossYen: 5000,
      taxYen: 90 + 363,
      refunds: 1,
      refundedYen: 1500,
      netYen: 3500,
    });
    expect(body.rows[2]).toMatchObject({ purchases: 1, refunds: 1, refundedYen: 12000, netYen: 0 });
    expect(body.totals).toMatchObject({ purchases: 3, grossYen: 17000, netYen: 3500 });

    const monthly = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sales?period=month&from=2025-01-01&to=2025-03-31',
      headers,
    });
    expect(
      monthly
        .json()
        .rows.map((row: { label: string; purchases: number }) => [row.label, row.purchases]),
    ).toEqual([
      ['2025-01', 0],
      ['2025-02', 3],
      ['2025-03', 1],
    ]);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sales.csv?period=day&from=2025-02-10&to=2025-02-10',
      headers,
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('sales_day_2025-02-10_2025-02-10.csv');
    expect(csv.body.startsWith('\uFEFF"日付","購入件数","売上（税込）","内消費税"')).toBe(true);
    expect(csv.body).toContain('"2025-02-10","2","5000","453","1","1500","3500"\r\n');
    expect(csv.body).toContain('"合計","2","5000"');
  });

  it('defaults to the last 30 Japanese days and refuses bad ranges in Japanese', async () => {
    const report = await salesReport(t.app.db, { period: 'day' }, new Date('2026-01-01T16:00:00Z'));
    expect(report.to).toBe('2026-01-02');
    expect(report.from).toBe('2025-12-04');
    expect(report.rows).toHaveLength(30);
    const monthly = await salesReport(
      t.app.db,
      { period: 'month' },
      new Date('2026-01-01T16:00:00Z'),
    );
    expect(monthly.rows.map((row) => row.label).slice(0, 2)).toEqual(['2025-02', '2025-03']);
    expect(monthly.rows).toHaveLength(12);

    const headers = await adminHeaders();
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sales?from=2025-02-10&to=2025-02-01',
      headers,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe('開始日は終了日以前の日付を指定してください');
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sales?from=2025-13-45',
      headers,
    });
    expect(malformed.statusCode).toBe(400);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sales?period=day&from=2020-01-01&to=2025-01-01',
      headers,
    });
    expect(tooLong.json().error.message).toBe('日別の集計期間は366日以内で指定してください');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/sales' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the list of single purchases in 売上', () => {
  it('lists paid purchases with user, pack, yen and credits, newest first, in pages', async () => {
    const headers = await adminHeaders();
    const buyer = await seedUser(t.app, { displayName: '佐藤商店' });
    const other = await seedUser(t.app);
    // 2024-07: a month no other test of this file pays in.
    const light = await addPayment(buyer.id, {
      amountYen: 1000,
      completedAt: new Date('2024-07-01T01:00:00Z'),
    });
    const standard = await addPayment(other.id, {
      planId: 'standard',
      amountYen: 4000,
      completedAt: new Date('2024-07-02T01:00:00Z'),
      status: 'partially_refunded',
      refundedYen: 1500,
    });
    // 2024-07-03 15:30 UTC is already 4 July in Japan: outside a range ending on the 3rd.
    await addPayment(buyer.id, { amountYen: 1000, completedAt: new Date('2024-07-03T15:30:00Z') });
    const pending = await addPayment(buyer.id, { amountYen: 1000, completedAt: null });

    const get = (query: string, as = headers) =>
      t.app.inject({ method: 'GET', url: `/api/admin/sales/purchases?${query}`, headers: as });
    const first = await get('from=2024-07-01&to=2024-07-03&limit=1');
    expect(first.statusCode).toBe(200);
    expect(first.json().purchases).toEqual([
      expect.objectContaining({
        id: standard,
        userId: other.id,
        userLabel: other.email,
        planName: expect.any(String),
        planId: 'standard',
        amountYen: 4000,
        taxYen: 363,
        provider: 'demo',
        status: 'partially_refunded',
        refundedYen: 1500,
        completedAt: '2024-07-02T01:00:00.000Z',
      }),
    ]);
    const cursor = first.json().nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const second = await get(
      `from=2024-07-01&to=2024-07-03&limit=1&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(second.json().purchases).toEqual([
      expect.objectContaining({
        id: light,
        userLabel: `佐藤商店（${buyer.email}）`,
        credits: 100,
        amountYen: 1000,
        status: 'completed',
      }),
    ]);
    expect(second.json().nextCursor).toBeNull();

    // The figures and the list agree on what a day's sales are.
    const report = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sales?period=day&from=2024-07-01&to=2024-07-03',
      headers,
    });
    expect(report.json().totals.purchases).toBe(2);

    const waiting = await get('status=pending&limit=100');
    expect(waiting.json().purchases.map((row: { id: string }) => row.id)).toContain(pending);
    expect(
      waiting.json().purchases.every((row: { status: string }) => row.status === 'pending'),
    ).toBe(true);
    const paid = await get('limit=100');
    expect(paid.json().purchases.map((row: { id: string }) => row.id)).not.toContain(pending);

    const bad = await get('from=2024-07-05&to=2024-07-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/開始日/);
    expect((await get('status=unknown')).statusCode).toBe(400);
    expect((await get('cursor=nonsense')).statusCode).toBe(400);
    expect((await get('limit=1000')).statusCode).toBe(400);
    expect((await get('', buyer.headers)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/sales/purchases' })).statusCode,
    ).toBe(401);
  });
});

describe("a user's own history for operators", () => {
  it('lists the ledger with internal notes, paid purchases and generations', async () => {
    const headers = await adminHeaders();
    const user = await seedUser(t.app, { credits: 50 });
    await spendCredits(t.app.db, {
      userId: user.id,
      amount: 3,
      type: 'usage',
      description: 'FAQ生成',
    });
    const adjust = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/credits`,
      headers,
      payload: { amount: 5, reason: '障害のお詫び #12' },
    });
    expect(adjust.statusCode).toBe(200);
    await addPayment(user.id, { amountYen: 1000, completedAt: new Date() });
    await addPayment(user.id, { amountYen: 4000, completedAt: null });
    await t.app.db.insert(faqGenerations).values({
      id: randomUUID(),
      userId: user.id,
      title: '料金ページのFAQ',
      method: 'url',
      status: 'completed',
      creditsUsed: 3,
    });

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${user.id}/history`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const history = response.json();
    expect(history.ledger.map((row: { amount: number }) => row.amount)).toEqual([5, -3, 50]);
    expect(history.ledger[0].internalNote).toBe('障害のお詫び #12');
    expect(history.purchases).toHaveLength(1);
    expect(history.purchases[0]).toMatchObject({ amountYen: 1000, taxYen: 90 });
    expect(history.generations).toEqual([
      expect.objectContaining({ title: '料金ページのFAQ', creditsUsed: 3 }),
    ]);

    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${randomUUID()}/history`,
      headers,
    });
    expect(missing.statusCode).toBe(404);
    const asUser = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${user.id}/history`,
      headers: user.headers,
    });
    expect(asUser.statusCode).toBe(401);
  });
});

describe('the admin action log', () => {
  it('shows who did what, newest first, in pages', async () => {
    const headers = await adminHeaders();
    const user = await seedUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/suspension`,
      headers,
      payload: { suspended: true },
    });
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/admin/action-logs?limit=1',
      headers,
    });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.logs).toEqual([
      expect.objectContaining({
        adminUsername: 'admin',
        action: 'user_suspension',
        details: expect.objectContaining({ userId: user.id }),
      }),
    ]);
    expect(page.nextCursor).not.toBeNull();
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/admin/action-logs?limit=50&cursor=${encodeURIComponent(page.nextCursor)}`,
      headers,
    });
    expect(next.json().logs.some((log: { action: string }) => log.action === 'login')).toBe(true);
    expect(
      next.json().logs.every((log: { action: string }) => log.action !== 'user_suspension'),
    ).toBe(true);
    const badCursor = await t.app.inject({
      method: 'GET',
      url: '/api/admin/action-logs?cursor=nonsense',
      headers,
    });
    expect(badCursor.statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/action-logs?limit=0',
      headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('names the administrator and whom or what each entry concerns, keeping the ids', async () => {
    const headers = await adminHeaders();
    const admin = (
      await t.app.db.select().from(adminUsers).where(eq(adminUsers.username, 'admin'))
    )[0]!;
    await t.app.db
      .update(adminUsers)
      .set({ fullName: '運営 太郎' })
      .where(eq(adminUsers.id, admin.id));
    const named = await seedUser(t.app, { displayName: '山田花子' });
    const plain = await seedUser(t.app);
    const leaving = await seedUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${named.id}/credits`,
      headers,
      payload: { amount: 10, reason: '障害のお詫び' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${plain.id}/suspension`,
      headers,
      payload: { suspended: true },
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${leaving.id}`,
      headers,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const generationId = randomUUID();
    await t.app.db.insert(faqGenerations).values({
      id: generationId,
      userId: plain.id,
      title: '料金ページのFAQ',
      method: 'url',
      status: 'completed',
    });
    await logAdminAction(t.app.db, t.app.log, admin.id, 'generation_review', { generationId });

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/action-logs?limit=4',
      headers,
    });
    expect(response.statusCode).toBe(200);
    const logs = response.json().logs;
    expect(logs.map((log: { action: string }) => log.action)).toEqual([
      'generation_review',
      'user_deletion',
      'user_suspension',
      'credit_adjustment',
    ]);
    for (const log of logs)
      expect(log).toMatchObject({ adminUserId: admin.id, adminName: '運営 太郎' });
    expect(logs[0].target).toEqual({
      kind: 'generation',
      id: generationId,
      label: '料金ページのFAQ',
      deleted: false,
    });
    // The account's e-mail is gone from its row; the entry kept it.
    expect(logs[1].target).toEqual({
      kind: 'user',
      id: leaving.id,
      label: leaving.email,
      deleted: true,
    });
    expect(logs[2].target).toEqual({
      kind: 'user',
      id: plain.id,
      label: plain.email,
      deleted: false,
    });
    expect(logs[3].target).toEqual({
      kind: 'user',
      id: named.id,
      label: `山田花子（${named.email}）`,
      deleted: false,
    });
    await t.app.db.update(adminUsers).set({ fullName: '' }).where(eq(adminUsers.id, admin.id));
  });
});
