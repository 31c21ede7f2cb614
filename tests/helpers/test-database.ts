import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import {
  MIGRATIONS_FOLDER,
  openDatabase,
  type DatabaseHandle,
  type OpenDatabaseOptions,
} from '../../src/server/db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * PostgreSQL database when TEST_DATABASE_URL points at a server (CI runs both).
 *
 * Migrating is the slow part, so it happens once: PGlite migrates once per worker and every
 * file starts from a dump of that database; PostgreSQL migrates one template database per set
 * of migrations and every file gets a copy of it (CREATE DATABASE … TEMPLATE).
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return openDatabase({
      pgliteSnapshot: await pgliteSnapshot(),
      pgliteRuntime: await pgliteRuntime(),
    });
  }

  const template = await postgresTemplate(adminUrl);
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = databaseUrl(adminUrl, name);
  // DROP DATABASE … WITH (FORCE) ends idle connections on purpose.
  const handle = await openDatabase({ databaseUrl: url, onIdleError: () => {} });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await withAdmin(adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/**
 * PGlite in a data directory, as `npm start` runs it: a new directory starts from the worker's
 * migrated snapshot, an existing one opens as it is (one process at a time may hold it).
 */
export async function openPgliteDirectory(
  dir: string,
  options: { fresh: boolean },
): Promise<DatabaseHandle> {
  return openDatabase({
    pgliteDir: dir,
    pgliteSnapshot: options.fresh ? await pgliteSnapshot() : undefined,
    pgliteRuntime: await pgliteRuntime(),
  });
}

// Module state lives as long as the worker: the server project runs without isolation.
let runtime: Promise<NonNullable<OpenDatabaseOptions['pgliteRuntime']>> | null = null;

/** Compiling PGlite's WebAssembly once per worker makes each database start about 4× cheaper. */
function pgliteRuntime(): NonNullable<typeof runtime> {
  runtime ??= (async () => {
    const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
    const [pgliteWasm, initdbWasm, bundle] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(path.join(dist, file))),
    );
    return {
      pgliteWasmModule: await WebAssembly.compile(pgliteWasm!),
      initdbWasmModule: await WebAssembly.compile(initdbWasm!),
      fsBundle: new Blob([bundle!]),
    };
  })();
  return runtime;
}

let snapshot: Promise<Blob> | null = null;

function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const database = await openDatabase({ pgliteRuntime: await pgliteRuntime() });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    try {
      return await client.dumpDataDir('none');
    } finally {
      await database.close();
    }
  })();
  return snapshot;
}

let template: Promise<string> | null = null;

/**
 * Named after the migrations it holds and the job queue's version (openDatabase installs its
 * schema), so a changed migration or pg-boss gets a new template.
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    hash.update(readFileSync(fileURLToPath(import.meta.resolve('pg-boss/package.json'))));
    for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
      const full = path.join(MIGRATIONS_FOLDER, file);
      if (file.endsWith('.sql') || file.endsWith('.json'))
        hash.update(file).update(readFileSync(full));
    }
    const name = `test_template_${hash.digest('hex').slice(0, 16)}`;
    await withAdmin(adminUrl, async (admin) => {
      // Workers start together; one of them creates the template while the others wait.
      await admin.query('SELECT pg_advisory_lock(7240332)');
      try {
        const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount) return;
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building) });
        await database.close();
        // Renamed only once complete, so a failed run never leaves a half-migrated template.
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } finally {
        await admin.query('SELECT pg_advisory_unlock(7240332)');
      }
    });
    return name;
  })();
  return template;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}
