import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { adminActionLogs, adminUsers, creditTransactions, users } from '../../db/schema.ts';
import { ADMIN_TOKEN_AUDIENCE, signAccessToken } from '../auth/access-token.ts';
import { csvCell } from './admin.service.ts';

let t: TestApp;
const routes: { method: string; url: string }[] = [];
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

async function login(username = 'admin', password = 'admin123') {
  return t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
}

async function adminHeaders() {
  const response = await login();
  return { authorization: `Bearer ${response.json().token}` };
}

describe('admin login', () => {
  it('seeds the default admin outside production and shows the hint only while it is unchanged', async () => {
    const hint = await t.app.inject({ method: 'GET', url: '/api/admin/login-hint' });
    expect(hint.json()).toEqual({
      showDefaultCredentials: true,
      username: 'admin',
      password: 'admin123',
    });
    const [admin] = await t.app.db.select().from(adminUsers);
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers unknown, inactive and wrong password alike', async () => {
    const wrong = await login('admin', 'nope');
    const unknown = await login('nobody', 'admin123');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('ユーザー名またはパスワードが正しくありません');
    expect(unknown.json().error.message).toBe('ユーザー名またはパスワードが正しくありません');
    const ok = await login();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().admin).toMatchObject({
      username: 'admin',
      role: 'admin',
      fullName: 'システム管理者',
    });
    const logs = await t.app.db
      .select()
      .from(adminActionLogs)
      .where(eq(adminActionLogs.action, 'login'));
    expect(logs.length).toBeGreaterThan(0);
  });
});

describe('authorization on every admin route', () => {
  it('refuses missing, user, forged and expired tokens on each registered /api/admin route', async () => {
    const adminRoutes = routes.filter(
      (route) =>
        route.url.startsWith('/api/admin/') &&
        !['/api/admin/login', '/api/admin/login-hint'].includes(route.url) &&
        route.method !== 'HEAD',
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(7);
    const user = await seedUser(t.app);
    const [admin] = await t.app.db.select().from(adminUsers);
    const expired = await signAccessToken(
      t.config.jwtSecret,
      ADMIN_TOKEN_AUDIENCE,
      { sub: admin!.id },
      60,
      Math.floor(Date.now() / 1000) - 3600,
    );
    const forged = await signAccessToken('x'.repeat(48), ADMIN_TOKEN_AUDIENCE, { sub: admin!.id });
    for (const route of adminRoutes) {
      const url = route.url.replace(':id', 'someone');
      for (const authorization of [
        undefined,
        user.headers.authorization,
        `Bearer ${forged}`,
        `Bearer ${expired}`,
      ]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: authorization ? { authorization } : {},
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(
          response.statusCode,
          `${route.method} ${url} with ${authorization?.slice(0, 20)}`,
        ).toBe(401);
      }
    }
  });
});

describe('users, stats and credits', () => {
  it('lists and searches users with their figures, and exports CSV safely', async () => {
    const headers = await adminHeaders();
    const user = await seedUser(t.app, {
      email: 'search-me@example.jp',
      displayName: '=HYPERLINK("x")',
      credits: 50,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?search=search-me',
      headers,
    });
    expect(list.json().users).toHaveLength(1);
    expect(list.json().users[0]).toMatchObject({
      id: user.id,
      credits: 50,
      faqCount: 0,
      creditsUsed: 0,
      referralCount: 0,
      active: true,
    });
    const byName = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent('HYPERLINK')}`,
      headers,
    });
    expect(byName.json().users).toHaveLength(1);
    const inactive = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?status=inactive',
      headers,
    });
    expect(inactive.json().users.find((row: { id: string }) => row.id === user.id)).toBeUndefined();

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users.csv?search=search-me',
      headers,
    });
    expect(csv.headers['content-disposition']).toMatch(/users_\d{4}-\d{2}-\d{2}\.csv/);
    expect(
      csv.body.startsWith(
        '\uFEFF"メールアドレス","表示名","クレジット","FAQ数","使用クレジット","紹介数","登録日","最終アクティビティ"\r\n',
      ),
    ).toBe(true);
    expect(csv.body).toContain(`"search-me@example.jp","'=HYPERLINK(""x"")","50"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('@a')).toBe(`"'@a"`);
    expect(csvCell('-3')).toBe(`"'-3"`);
    expect(csvCell('＝1')).toBe(`"'＝1"`);
    expect(csvCell('\u200B=1')).toBe(`"'\u200B=1"`);
  });

  it("shows FAQ数 and 使用量 as the customer's own pages define them", async () => {
    const headers = await adminHeaders();
    const user = await seedUser(t.app, { email: 'figures@example.jp', credits: 30 });
    // One record answered (3 FAQs delivered), one draft never answered, one admin 減算.
    const answered = await createDraft(t, user);
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${answered.id}/answers`,
      headers: user.headers,
      payload: { questions: answered.questions.slice(0, 3) },
    });
    expect((await waitForStage(t, user, answered.id, ['completed', 'failed'])).stage).toBe(
      'completed',
    );
    await createDraft(t, user);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/credits`,
      headers,
      payload: { amount: -5, reason: '誤付与の訂正' },
    });

    const me = (await t.app.inject({ url: '/api/auth/me', headers: user.headers })).json();
    const history = (await t.app.inject({ url: '/api/credits', headers: user.headers })).json();
    const usedByGeneration = history.transactions
      .filter((row: { type: string }) => row.type === 'usage')
      .reduce((sum: number, row: { amount: number }) => sum - row.amount, 0);
    expect(me.faqCount).toBe(3);
    expect(usedByGeneration).toBe(3);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?search=figures@example.jp',
      headers,
    });
    expect(list.json().users[0]).toMatchObject({ faqCount: me.faqCount, creditsUsed: 3 });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users.csv?search=figures@example.jp',
      headers,
    });
    expect(csv.body).toContain('"figures@example.jp","","22","3","3"');
  });

  it('adjusts credits through the ledger, never below zero, and logs it', async () => {
    const headers = await adminHeaders();
    const user = await seedUser(t.app, { credits: 10 });
    const add = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/credits`,
      headers,
      payload: { amount: 20 },
    });
    expect(add.json()).toEqual({ balance: 30, type: 'credit', amount: 20 });
    const over = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/credits`,
      headers,
      payload: { amount: -31, reason: '誤付与の訂正' },
    });
    expect(over.json().error.message).toBe('クレジットが不足しています');
    const zero = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/credits`,
      headers,
      payload: { amount: 0 },
    });
    expect(zero.statusCode).toBe(400);
    const rows = await t.app.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, user.id));
    expect(rows).toContainEqual(
      expect.objectContaining({ type: 'credit', amount: 20, description: '運営による調整' }),
    );
    const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers });
    expect(stats.json().totalUsers).toBeGreaterThan(0);
    const logs = await t.app.db
      .select()
      .from(adminActionLogs)
      .where(eq(adminActionLogs.action, 'credit_adjustment'));
    expect(JSON.parse(logs.at(-1)!.details)).toMatchObject({ userId: user.id, amount: 20 });
  });

  it('keeps the ledger invariant under concurrent adjustments', async () => {
    const headers = await adminHeaders();
    const user = await seedUser(t.app, { credits: 50 });
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${user.id}/credits`,
          headers,
          payload: { amount: index % 2 === 0 ? -10 : 10 },
        }),
      ),
    );
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    const [sum] = await t.app.db
      .select({ total: sql<number>`sum(${creditTransactions.amount})::int` })
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, user.id));
    expect(row!.credits).toBe(sum!.total);
    expect(row!.credits).toBeGreaterThanOrEqual(0);
  });

  it('deletes a user keeping their records, and changes its own password', async () => {
    const headers = await adminHeaders();
    const user = await seedUser(t.app, { credits: 5 });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${user.id}`, headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${user.id}`, headers }))
        .statusCode,
    ).toBe(404);
    expect(
      await t.app.db
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.userId, user.id)),
    ).toHaveLength(1);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/password',
      headers,
      payload: { currentPassword: 'x', newPassword: 'new-admin-password' },
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/password',
      headers,
      payload: { currentPassword: 'admin123', newPassword: 'new-admin-password' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/login-hint' })).json()).toEqual({
      showDefaultCredentials: false,
    });
    expect((await login('admin', 'new-admin-password')).statusCode).toBe(200);
    const actions = (await t.app.db.select().from(adminActionLogs)).map((log) => log.action);
    expect(actions).toEqual(
      expect.arrayContaining(['login', 'credit_adjustment', 'user_deletion', 'password_change']),
    );
  });
});
