import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEDGER_MESSAGE,
  OPERATOR_KEY as KEY,
  startOperatorDbContext,
  type OperatorDbContext,
} from '../../../../tests/helpers/operator-db-context.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { adminUsers, faqGenerations, rateLimitBuckets, users } from '../../db/schema.ts';

let context: OperatorDbContext;
let t: TestApp;
let base: string;
let db: OperatorDbContext['db'];
let owner: SeededUser;

beforeAll(async () => {
  context = await startOperatorDbContext();
  ({ t, base, db, owner } = context);
});

afterAll(async () => {
  await t.close();
});

const call: OperatorDbContext['call'] = (path, init) => context.call(path, init);
const runSql: OperatorDbContext['runSql'] = (query, params) => context.runSql(query, params);
const balanceAndLedger = (userId: string) => context.balanceAndLedger(userId);

describe('authentication', () => {
  const path = '/rest/v1/faq_generations?select=id';

  it('accepts the key as a bearer token or as apikey, and counts calls against its rate limit', async () => {
    const counted = async () => {
      const rows = await t.app.db
        .select({ count: rateLimitBuckets.count })
        .from(rateLimitBuckets)
        .where(like(rateLimitBuckets.key, 'operator-db:%'));
      return rows.reduce((sum, row) => sum + row.count, 0);
    };
    const before = await counted();
    expect((await call(path, { headers: { authorization: `Bearer ${KEY}` } })).status).toBe(200);
    expect((await call(path, { headers: { apikey: KEY } })).status).toBe(200);
    // Refused callers do not spend the operator's budget.
    expect((await call(path, { headers: { apikey: 'wrong' } })).status).toBe(401);
    expect((await counted()) - before).toBe(2);
  });

  it('refuses no key, a wrong key, and user or admin access tokens', async () => {
    const none = await call(path, { headers: {} });
    expect(none.status).toBe(401);
    expect((await none.json()).error.code).toBe('AUTHENTICATION_ERROR');
    expect((await call(path, { headers: { apikey: `${KEY}x` } })).status).toBe(401);
    expect(
      (await call(path, { headers: { authorization: `Bearer ${KEY.slice(0, -1)}` } })).status,
    ).toBe(401);

    const user = await seedUser(t.app);
    expect((await call(path, { headers: user.headers })).status).toBe(401);
    // A user token beside the key is refused too: every credential shown must be the key.
    expect((await call(path, { headers: { ...user.headers, apikey: KEY } })).status).toBe(401);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin123' },
    });
    const adminToken = login.json().token as string;
    expect(adminToken).toBeTruthy();
    expect((await call(path, { headers: { authorization: `Bearer ${adminToken}` } })).status).toBe(
      401,
    );
    expect(
      (
        await call('/sql', {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}` },
          body: { query: 'select 1' },
        })
      ).status,
    ).toBe(401);
  });

  it('answers 404 for another project', async () => {
    const response = await fetch(`${base.replace('faq-kobo', 'other')}/rest/v1/faq_generations`, {
      headers: { apikey: KEY },
    });
    expect(response.status).toBe(404);
  });

  it('does not exist when OPERATOR_API_KEY is unset', async () => {
    const plain = await createTestApp();
    try {
      for (const [method, url] of [
        ['GET', '/api/db/faq-kobo/rest/v1/faq_generations'],
        ['POST', '/api/db/faq-kobo/sql'],
        ['POST', '/api/db/faq-kobo/batch'],
      ] as const) {
        const response = await plain.app.inject({
          method,
          url,
          headers: { apikey: 'anything', authorization: 'Bearer anything' },
          ...(method === 'POST' ? { payload: { query: 'select 1' } } : {}),
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe('APIが見つかりません');
      }
    } finally {
      await plain.close();
    }
  });
});

describe('ledger and secrets', () => {
  it('reads the ledger but refuses every write to it, leaving the balance alone', async () => {
    const before = await balanceAndLedger(owner.id);
    expect(before).toEqual({ credits: 30, ledger: 30 });

    const read = await db
      .from('credit_transactions')
      .select('user_id,amount,type')
      .eq('user_id', owner.id);
    expect(read.data).toEqual([{ user_id: owner.id, amount: 30, type: 'signup_bonus' }]);

    const insert = await db.from('credit_transactions').insert({
      id: 'forged',
      user_id: owner.id,
      type: 'credit',
      amount: 1000,
    });
    expect(insert.status).toBe(403);
    expect(insert.error?.message).toMatch(LEDGER_MESSAGE);
    expect(
      (await db.from('creditTransactions').update({ amount: 5 }).eq('user_id', owner.id)).status,
    ).toBe(403);
    expect((await db.from('credit_transactions').delete().eq('user_id', owner.id)).status).toBe(
      403,
    );
    expect((await db.from('payments').insert({ id: 'p' })).status).toBe(403);
    expect((await db.from('credit_reservations').delete().eq('id', 'x')).status).toBe(403);
    expect(
      (await db.from('webhook_events').upsert({ id: 'e', provider: 'x', type: 'y' })).status,
    ).toBe(403);

    const credits = await db.from('users').update({ credits: 999 }).eq('id', owner.id);
    expect(credits.status).toBe(403);
    expect(credits.error?.message).toMatch(LEDGER_MESSAGE);
    expect((await db.from('users').update({ reserved_credits: 1 }).eq('id', owner.id)).status).toBe(
      403,
    );
    const upsert = await db
      .from('users')
      .upsert({ id: owner.id, email: owner.email, credits: 500 });
    expect(upsert.status).toBe(403);

    // Other columns of users stay editable.
    const renamed = await db
      .from('users')
      .update({ display_name: '運用者が変更' })
      .eq('id', owner.id)
      .select('display_name,credits')
      .single();
    expect(renamed.data).toEqual({ display_name: '運用者が変更', credits: 30 });

    for (const query of [
      'UPDATE users SET credits = 999 WHERE id = $1',
      'update "users" set "reserved_credits" = 1 where id = $1',
      'INSERT INTO credit_transactions (id, user_id, type, amount) VALUES ($1, $1, $$credit$$, 1000)',
      'WITH x AS (DELETE FROM public.credit_transactions WHERE user_id = $1 RETURNING 1) SELECT count(*) FROM x',
      'TRUNCATE users CASCADE',
      'ALTER TABLE users DROP CONSTRAINT users_credits_non_negative',
      "DO $$ BEGIN EXECUTE 'update users set credits = 1'; END $$",
      'CREATE FUNCTION f() RETURNS void AS $$ UPDATE users SET credits = 1 $$ LANGUAGE sql',
    ]) {
      const response = await runSql(query, query.includes('$1') ? [owner.id] : []);
      expect(response.status, query).toBe(403);
    }
    const batch = await call('/batch', {
      method: 'POST',
      body: {
        mode: 'transaction',
        statements: [
          { query: "update users set display_name = 'x' where id = $1", params: [owner.id] },
          { query: 'update users set credits = credits + 100 where id = $1', params: [owner.id] },
        ],
      },
    });
    expect(batch.status).toBe(403);
    expect((await batch.json()).error.details[0].path).toBe('statements.1');
    expect(await balanceAndLedger(owner.id)).toEqual(before);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, owner.id));
    expect(user!.displayName).toBe('運用者が変更');
  });

  it('never returns password hashes or token tables', async () => {
    const people = await db.from('users').select('*').eq('id', owner.id);
    expect(people.data).toHaveLength(1);
    expect(people.data![0]).not.toHaveProperty('password_hash');
    expect(people.data![0]).toHaveProperty('email', owner.email);

    const admins = await db.from('admin_users').select();
    expect(admins.data!.length).toBeGreaterThan(0);
    expect(JSON.stringify(admins.data)).not.toMatch(/password_hash|argon2/);

    expect((await db.from('users').select('password_hash')).status).toBe(403);
    expect((await db.from('admin_users').select('id').eq('password_hash', 'x')).status).toBe(403);
    expect((await db.from('users').update({ password_hash: 'x' }).eq('id', owner.id)).status).toBe(
      403,
    );
    expect((await db.from('refresh_tokens').select()).status).toBe(404);
    expect((await db.from('passwordResetTokens').select()).status).toBe(404);
    expect((await db.from('email_confirmation_tokens').select()).status).toBe(404);
    expect((await db.from('sign_in_codes').select()).status).toBe(404);
    expect((await db.from('email_change_requests').select()).status).toBe(404);

    const all = await runSql('select * from admin_users');
    expect(all.status).toBe(200);
    const body = await all.json();
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.rows[0]).not.toHaveProperty('password_hash');
    const [admin] = await t.app.db.select({ hash: adminUsers.passwordHash }).from(adminUsers);
    const hashTail = admin!.hash.slice(-20);
    // A whole row of a table with a secret column is refused, not masked after the fact.
    const whole = await runSql('select a as whole, to_jsonb(a) as doc from admin_users a');
    expect(whole.status).toBe(403);
    const text = await whole.text();
    expect(text).not.toMatch(/argon2|password_hash/);
    expect(text).not.toContain(hashTail);
    expect((await runSql('select password_hash from admin_users')).status).toBe(403);
    expect((await runSql('select count(*) from refresh_tokens')).status).toBe(403);
  });
});

describe('/sql and /batch', () => {
  // The rows the REST tests leave behind in their own file, made here directly.
  beforeAll(async () => {
    await t.app.db.insert(faqGenerations).values([
      { id: 'g2', userId: owner.id, title: '更新済み', method: 'url', progress: 55 },
      { id: 'g3', userId: owner.id, title: 'みかん', method: 'url', progress: 90 },
    ] as (typeof faqGenerations.$inferInsert)[]);
  });

  it('runs one statement with bound parameters', async () => {
    const response = await runSql(
      "select id, title, progress from faq_generations where user_id = $1 and progress >= $2 and title <> '$2;' order by id",
      [owner.id, 50],
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      rows: [
        { id: 'g2', title: '更新済み', progress: 55 },
        { id: 'g3', title: 'みかん', progress: 90 },
      ],
      rowCount: 2,
    });

    const insert = await runSql(
      'insert into email_outbox (id, "to", subject) values ($1, $2, $3), ($4, $2, $3) returning id',
      ['m1', 'a@example.jp', "件名'; drop table users; --", 'm2'],
    );
    expect(await insert.json()).toEqual({ rows: [{ id: 'm1' }, { id: 'm2' }], rowCount: 2 });
    const subject = await runSql('select subject from email_outbox where id = $1', ['m1']);
    expect((await subject.json()).rows[0].subject).toBe("件名'; drop table users; --");

    const counted = await runSql('select count(*)::int as n, $1::text as echo from users', ['x']);
    expect((await counted.json()).rows[0]).toEqual({ n: 2, echo: 'x' });
  });

  it('refuses several statements, missing parameters and bad SQL with 4xx', async () => {
    expect((await runSql('select 1; select 2')).status).toBe(400);
    expect((await runSql('select 1;')).status).toBe(200);
    expect((await runSql('select $2::text', ['only one'])).status).toBe(400);
    const syntax = await runSql('selec 1');
    expect(syntax.status).toBe(400);
    expect((await syntax.json()).error.details[0].message).toMatch(/syntax error/);
    expect((await runSql('select * from nowhere')).status).toBe(400);
    expect((await runSql("select 'unterminated")).status).toBe(400);
    expect((await call('/sql', { method: 'POST', body: { query: '' } })).status).toBe(400);
  });

  it('never hands out a password hash through a whole row turned into text', async () => {
    for (const query of [
      "select replace(a::text, '$', '#') as r from admin_users a",
      "select translate(row_to_json(u)::text, '$', '#') as r from users u",
    ]) {
      const response = await runSql(query);
      expect(response.status, query).toBe(403);
      expect(await response.text()).not.toMatch(/argon2/);
    }
    const plain = await runSql('select * from admin_users');
    expect(plain.status).toBe(200);
    expect(await plain.text()).not.toMatch(/argon2|password_hash/);
  });

  it('rolls a transaction batch back when one statement fails', async () => {
    const response = await call('/batch', {
      method: 'POST',
      body: {
        mode: 'transaction',
        statements: [
          {
            query: 'insert into email_outbox (id, "to", subject) values ($1, $2, $3)',
            params: ['b1', 'x@example.jp', 'a'],
          },
          {
            query: 'insert into email_outbox (id, "to", subject) values ($1, $2, $3)',
            params: ['m1', 'x@example.jp', 'dup'],
          },
        ],
      },
    });
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body.error.message).toBe(
      'バッチの2番目の文でエラーが発生したため、すべての変更を取り消しました',
    );
    expect(body.error.details[0].path).toBe('statements.1');
    const left = await runSql("select id from email_outbox where id = 'b1'");
    expect((await left.json()).rowCount).toBe(0);

    const ok = await call('/batch', {
      method: 'POST',
      body: {
        statements: [
          {
            query: 'insert into email_outbox (id, "to", subject) values ($1, $2, $3)',
            params: ['b2', 'x@example.jp', 'a'],
          },
          { query: 'select id from email_outbox where id = $1', params: ['b2'] },
        ],
      },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      results: [
        { ok: true, rows: [], rowCount: 1 },
        { ok: true, rows: [{ id: 'b2' }], rowCount: 1 },
      ],
    });
  });

  it('reports each statement of an independent batch', async () => {
    const response = await call('/batch', {
      method: 'POST',
      body: {
        mode: 'independent',
        statements: [
          {
            query: 'insert into email_outbox (id, "to", subject) values ($1, $2, $3)',
            params: ['i1', 'x@example.jp', 'a'],
          },
          {
            query: 'insert into email_outbox (id, "to", subject) values ($1, $2, $3)',
            params: ['i1', 'x@example.jp', 'a'],
          },
          { query: 'update users set credits = 0' },
          { query: 'select count(*)::int as n from email_outbox where id = $1', params: ['i1'] },
        ],
      },
    });
    expect(response.status).toBe(200);
    const { results } = await response.json();
    expect(results[0]).toEqual({ ok: true, rows: [], rowCount: 1 });
    expect(results[1]).toMatchObject({ ok: false, error: { status: 409, code: 'CONFLICT' } });
    expect(results[2]).toMatchObject({ ok: false, error: { status: 403, code: 'FORBIDDEN' } });
    expect(results[3]).toEqual({ ok: true, rows: [{ n: 1 }], rowCount: 1 });
    expect(await balanceAndLedger(owner.id)).toEqual({ credits: 30, ledger: 30 });
  });
});
