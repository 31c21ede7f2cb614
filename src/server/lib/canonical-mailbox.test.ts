import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../tests/helpers/test-database.ts';
import { MIGRATIONS_FOLDER, type DatabaseHandle } from '../db/client.ts';
import { emailBonusClaims, users } from '../db/schema.ts';
import { emailBonusHash } from '../modules/account/account-lifecycle.ts';
import { canonicalMailbox, canonicalMailboxSql } from './canonical-mailbox.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** [typed, canonical mailbox, why] */
const CASES: [string, string, string][] = [
  ['a.b.c@gmail.com', 'abc@gmail.com', 'Gmail ignores dots'],
  ['abc@googlemail.com', 'abc@gmail.com', 'googlemail.com is gmail.com'],
  ['A.B+x@GMail.com', 'ab@gmail.com', 'case, dots and +tag together'],
  ['a.b+x.y@googlemail.com', 'ab@gmail.com', 'dots after the + go with the tag'],
  [' Taro+Shop@Example.JP ', 'taro@example.jp', 'case and +tag anywhere (ADR 013)'],
  ['a+b+c@x.jp', 'a@x.jp', 'the tag starts at the first +'],
  ['taro.yamada@outlook.com', 'taro.yamada@outlook.com', 'Outlook.com dots are significant'],
  ['taro+news@outlook.com', 'taro@outlook.com', 'Outlook.com subaddressing'],
  ['taro@hotmail.com', 'taro@hotmail.com', 'hotmail.com is not merged with outlook.com'],
  ['taro+a@icloud.com', 'taro@icloud.com', 'iCloud subaddressing'],
  ['taro+a@fastmail.com', 'taro@fastmail.com', 'Fastmail subaddressing'],
  ['taro+a@proton.me', 'taro@proton.me', 'Proton subaddressing'],
  ['taro-shop@yahoo.co.jp', 'taro-shop@yahoo.co.jp', "a '-' is part of the name"],
  ['base-keyword@yahoo.com', 'base-keyword@yahoo.com', "Yahoo's disposable base is its own name"],
  ['first.last@example.co.jp', 'first.last@example.co.jp', 'dots matter outside Gmail'],
  ['a.b@mail.gmail.com.evil.jp', 'a.b@mail.gmail.com.evil.jp', 'only the exact domain'],
  ['a.b@company.com', 'a.b@company.com', 'Workspace domains keep their dots'],
  ['+x@example.jp', '+x@example.jp', 'no base name: nothing to strip'],
  ['+x.y@gmail.com', '+xy@gmail.com', 'no base name, but Gmail still ignores dots'],
  ['.+x@gmail.com', '.@gmail.com', 'a name of dots only stays as it is'],
];

describe('canonicalMailbox', () => {
  it.each(CASES)('%s → %s (%s)', (typed, canonical) => {
    expect(canonicalMailbox(typed)).toBe(canonical);
  });

  it('is the same rule in SQL', async () => {
    for (const [typed] of CASES) {
      // Both drivers (pg and PGlite) answer with `rows`.
      const result = (await database.db.execute(
        sql`select ${canonicalMailboxSql(sql`${typed}::text`)} as c`,
      )) as unknown as { rows: { c: string }[] };
      expect(result.rows[0]?.c, typed).toBe(canonicalMailbox(typed));
    }
  });

  it('the migration claims the canonical mailbox of every live confirmed account', async () => {
    const tag = randomUUID().slice(0, 8);
    const row = (email: string, extra: Partial<typeof users.$inferInsert> = {}) => ({
      id: randomUUID(),
      email,
      passwordHash: 'x',
      emailConfirmedAt: new Date(),
      ...extra,
    });
    const confirmed = [`Dot.Ted.${tag}@googlemail.com`, `taro+${tag}@example.jp`];
    const unclaimed = [`un.confirmed.${tag}@gmail.com`, `sha.dow.${tag}@gmail.com`];
    await database.db
      .insert(users)
      .values([
        ...confirmed.map((email) => row(email)),
        row(unclaimed[0]!, { emailConfirmedAt: null }),
        row(unclaimed[1]!, { shadow: true, emailConfirmedAt: null }),
      ]);
    const migration = await readFile(
      path.join(MIGRATIONS_FOLDER, '0010_canonical_bonus_mailboxes.sql'),
      'utf8',
    );
    // Rerunning it is harmless (ON CONFLICT DO NOTHING), which is what lets this test run it.
    await database.db.execute(sql.raw(migration));
    await database.db.execute(sql.raw(migration));
    const claims = new Set(
      (await database.db.select().from(emailBonusClaims)).map((claim) => claim.emailHash),
    );
    expect(claims.has(emailBonusHash(`dotted${tag}@gmail.com`))).toBe(true);
    expect(claims.has(emailBonusHash(`taro@example.jp`))).toBe(true);
    for (const email of unclaimed) expect(claims.has(emailBonusHash(email))).toBe(false);
  });
});
