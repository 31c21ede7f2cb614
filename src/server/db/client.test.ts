import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/test-database.ts';

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
});
