import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import { bindStatement, checkStatement, lexStatement, scrubResult } from './raw-sql.ts';

const dialect = new PgDialect();

function statusOf(query: string): number {
  try {
    checkStatement(lexStatement(query));
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

describe('binding', () => {
  it('binds $n outside literals, comments and quoted identifiers', () => {
    const lexed = lexStatement(
      `select '$1' as "a$1", $$ $2 $$, $tag$ it's $1 $tag$, E'\\' $1', x$1 -- $1\nfrom t where a = $2 and b = $1 /* $1 /* $2 */ */`,
    );
    const query = dialect.sqlToQuery(bindStatement(lexed, ['one', 'two']));
    expect(query.params).toEqual(['two', 'one']);
    expect(query.sql).toContain(
      `select '$1' as "a$1", $$ $2 $$, $tag$ it's $1 $tag$, E'\\' $1', x$1`,
    );
    expect(query.sql).toContain('where a = $1 and b = $2 /* $1 /* $2 */ */');
  });

  it('passes a value used twice twice, never spliced', () => {
    const query = dialect.sqlToQuery(
      bindStatement(lexStatement('select $1::text, $1::text'), ["'; drop table users; --"]),
    );
    expect(query.sql).toBe('select $1::text, $2::text');
    expect(query.params).toEqual(["'; drop table users; --", "'; drop table users; --"]);
  });

  it('refuses a placeholder without a value and unterminated quotes or comments', () => {
    expect(() => bindStatement(lexStatement('select $3'), [1, 2])).toThrow(HttpError);
    expect(() => bindStatement(lexStatement('select $0'), [1])).toThrow(HttpError);
    for (const text of ["select 'a", 'select "a', 'select $$a', 'select /* a']) {
      expect(() => lexStatement(text), text).toThrow(HttpError);
    }
  });
});

describe('the guard', () => {
  it('lets reads and ordinary writes through', () => {
    for (const query of [
      'select * from credit_transactions where user_id = $1',
      'select u.id, u.credits from users u join payments p on p.user_id = u.id',
      "update users set display_name = 'credits' where id = $1",
      "insert into email_outbox (id, \"to\", subject) values ('a', 'b', 'update users set credits = 1')",
      'update faq_generations set credits_used = 3 where id = $1',
      'delete from faq_generations where user_id = $1',
      'insert into faq_generations (id) values ($1) on conflict (id) do nothing',
      'select 1;',
      '-- a comment; with a semicolon\nselect 1',
    ]) {
      expect(statusOf(query), query).toBe(200);
    }
  });

  it('refuses transaction control and session settings, which would outlive the request', () => {
    for (const query of [
      'begin',
      'COMMIT',
      'start transaction',
      'set search_path = x',
      'reset all',
      'listen x',
    ]) {
      expect(statusOf(query), query).toBe(400);
    }
    expect(statusOf('set local statement_timeout = 1000')).toBe(200);
    expect(statusOf("select * from faq_generations where status = 'begin'")).toBe(200);
  });

  it('refuses more than one statement', () => {
    expect(statusOf('select 1; select 2')).toBe(400);
    expect(statusOf('select 1;;')).toBe(200);
    expect(statusOf('  ')).toBe(400);
  });

  it('refuses writes to the ledger however they are spelled', () => {
    for (const query of [
      'UPDATE Users SET Credits = 1',
      'update public."users" set "credits" = credits + 1',
      'update users set reserved_credits = 0',
      'insert into users values ($1)',
      'merge into users u using x on true when matched then update set display_name = 1',
      'delete from credit_transactions',
      'insert into payments select * from payments',
      'with d as (delete from webhook_events returning *) select * from d',
      'truncate credit_reservations',
      'drop table payments',
      'alter table users rename to people',
      'truncate faq_generations, users cascade',
      'select * from payments for update',
    ]) {
      expect(statusOf(query), query).toBe(403);
    }
  });

  it('refuses SQL that runs text built at run time, and U& escapes', () => {
    for (const query of [
      "do $$ begin execute 'select 1'; end $$",
      ';  DO $$ begin null; end $$',
      'execute plan_a',
      'call p()',
      "copy faq_generations to program 'sh'",
      'create or replace function f() returns int as $$ select 1 $$ language sql',
      'create trigger t after insert on faq_generations execute function f()',
      "select query_to_xml('select 1', true, true, '')",
      "select * from dblink('x', 'update users set credits = 1')",
      `select * from U&"d\\0061ta"`,
    ]) {
      expect(statusOf(query), query).toBe(403);
    }
  });

  it('refuses naming token tables and secret columns', () => {
    for (const query of [
      'select password_hash from admin_users',
      'select * from refresh_tokens',
      'select "TOKEN_HASH" from x',
      'select 1 from password_reset_tokens',
      'select 1 from email_confirmation_tokens',
      'select new_email from email_change_requests',
      'select user_id from sign_in_codes',
      'select code_hash from x',
    ]) {
      expect(statusOf(query), query).toBe(403);
    }
  });

  it('refuses whole rows of tables with a secret column, whatever they are turned into', () => {
    for (const query of [
      "select replace(u::text, '$', '#') from users u",
      "select replace(users::text, '$', '#') from users",
      'select row_to_json(a) from admin_users as a',
      'select to_jsonb(t) from (select * from users) t',
      'with x as (select * from users) select x::text from x',
      'with x as (select * from users) select translate(cast(x as text), $1, $2) from x',
      'select row(u.*)::text from users u',
      'select array_agg(u)::text from public.users u',
      'select (select u from users u limit 1)',
      "update users set display_name = 'a' where id = $1 returning users::text",
      'select "U"::text from users "U"',
    ]) {
      expect(statusOf(query), query).toBe(403);
    }
    for (const query of [
      'select * from users',
      'select u.id, u.email from users u where u.id = $1',
      'select count(*) from users',
      'select t.email from (select id, email from users) t',
      'with x as (select id from users) select x.id from x',
      'select to_jsonb(p) from payments p',
      'select lower(email) from users where email = $1',
    ]) {
      expect(statusOf(query), query).toBe(200);
    }
  });
});

describe('scrubResult', () => {
  it('drops secret columns at any depth, masks argon2 hashes and turns BigInt into JSON', () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
    expect(
      scrubResult({
        id: 'a',
        password_hash: hash,
        doc: { password_hash: hash, nested: [{ token_hash: 'x', keep: 1 }] },
        whole: `(a,b,"${hash}",2024)`,
        big: 12n,
        huge: 2n ** 70n,
      }),
    ).toEqual({
      id: 'a',
      doc: { nested: [{ keep: 1 }] },
      whole: '(a,b,"[redacted]",2024)',
      big: 12,
      huge: (2n ** 70n).toString(),
    });
  });
});
