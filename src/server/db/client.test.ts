import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { createTestDatabase } from '../../../tests/helpers/test-database.ts';
import { openDatabase } from './client.ts';

describe('database handle', () => {
  it('lets a listener stop and the database close again after it was closed', async () => {
    const database = await createTestDatabase();
    const stop = await database.listen('client_test', () => {});
    await database.close();
    await expect(stop()).resolves.toBeUndefined();
    await expect(database.close()).resolves.toBeUndefined();
  });

  it('gives each test database its own data', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    try {
      await first.db.execute(sql`create table only_in_first (id int)`);
      const found = await second.db.execute(
        sql`select 1 from information_schema.tables where table_name = 'only_in_first'`,
      );
      expect((found as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('starts an in-memory PGlite from a snapshot, holding what the snapshot held', async () => {
    const original = await openDatabase({});
    await original.db.execute(sql`create table kept (word text)`);
    await original.db.execute(sql`insert into kept values ('営業時間')`);
    const snapshot = await (original.db as unknown as { $client: PGlite }).$client.dumpDataDir(
      'none',
    );
    await original.close();
    const copy = await openDatabase({ pgliteSnapshot: snapshot });
    try {
      const found = await copy.db.execute(sql`select word from kept`);
      expect((found as unknown as { rows: unknown[] }).rows).toEqual([{ word: '営業時間' }]);
    } finally {
      await copy.close();
    }
    // Two PGlite starts and a dump: on a loaded two-core machine that has taken over 30 s.
  }, 120_000);
});
