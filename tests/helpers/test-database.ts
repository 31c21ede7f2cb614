import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * PostgreSQL database when TEST_DATABASE_URL points at a server (CI runs both).
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({});

  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // DROP DATABASE … WITH (FORCE) ends idle connections on purpose.
  const handle = await openDatabase({ databaseUrl: url.toString(), onIdleError: () => {} });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
