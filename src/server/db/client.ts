import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Repositories accept either, so a service can run several of them in one transaction. */
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The pg pool when running on PostgreSQL (LISTEN/NOTIFY needs raw connections). */
  pool?: pg.Pool;
  /**
   * LISTEN on a notification channel; resolves once listening, to a function that stops.
   * On PostgreSQL a dedicated connection, re-established if it drops.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * How the job queue (pg-boss, modules/jobs/job-queue.ts) reaches this database: its own small
   * pool on PostgreSQL, the one embedded connection with PGlite.
   */
  queue: QueueConnection;
  close(): Promise<void>;
}

export type QueueConnection = Pick<
  ConstructorOptions,
  'db' | 'backend' | 'connectionString' | 'max'
>;

/**
 * The job queue's own tables (schema `pgboss`) are installed and migrated with ours, so a
 * database is complete once open (and the tests' snapshot and template carry them): starting
 * the queue later only checks the version. pg-boss serialises its migrations with a lock of its
 * own, so several processes starting at once are safe.
 */
async function installQueue(connection: QueueConnection): Promise<void> {
  const boss = new PgBoss({
    ...connection,
    max: 1,
    supervise: false,
    schedule: false,
    registerInstance: false,
    migrate: true,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

const LISTEN_RECONNECT_MS = 1000;

/** One connection outside the pool: a LISTEN must outlive any single query's connection. */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    const reconnect = (error?: Error) => {
      if (error) onError(error);
      if (stopped || client !== next) return;
      client = null;
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch(scheduleAfterFailure), LISTEN_RECONNECT_MS);
    };
    next.on('error', reconnect);
    next.on('end', () => reconnect());
    client = next;
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  };
  const scheduleAfterFailure = (error: Error) => {
    onError(error);
    if (!stopped)
      retry = setTimeout(() => void connect().catch(scheduleAfterFailure), LISTEN_RECONNECT_MS);
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

export const MIGRATIONS_FOLDER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

// Any constant works; it only has to be the same for every process migrating one database.
const MIGRATION_LOCK_ID = 7_240_331;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * An in-memory PGlite starts from this data directory dump (PGlite `dumpDataDir`) instead of
   * an empty cluster: tests migrate once and copy the result, which is much faster.
   */
  pgliteSnapshot?: Blob | undefined;
  /**
   * PGlite's compiled WebAssembly and file-system bundle, made once and handed to every
   * instance: tests open many databases in one process, and compiling is most of each start.
   */
  pgliteRuntime?: Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;
  /** Errors of idle pooled connections (server restart, network): the pool replaces them. */
  onIdleError?: (error: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener an idle connection's error would crash the process.
    pool.on(
      'error',
      options.onIdleError ?? ((error) => console.warn('database connection error:', error.message)),
    );
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    // Several servers may start at once against one database; only one migrates at a time.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    const connectionString = options.databaseUrl;
    const queue: QueueConnection = { connectionString, max: 4 };
    await installQueue(queue);
    return {
      db,
      kind: 'postgres',
      pool,
      queue,
      listen: (channel, onPayload) =>
        listenOnPostgres(
          connectionString,
          channel,
          onPayload,
          options.onIdleError ??
            ((error) => console.warn('LISTEN connection error:', error.message)),
        ),
      // Closing twice (a test closing the database under a running app) is not an error.
      close: async () => {
        if (!pool.ending) await pool.end();
      },
    };
  }

  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  // One options object: PGlite reads its second argument only when the first is a directory,
  // so an in-memory database given (undefined, options) would silently ignore the snapshot.
  const client = new PGlite({
    ...options.pgliteRuntime,
    dataDir: options.pgliteDir,
    loadDataDir: options.pgliteSnapshot,
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // pg-boss speaks to PGlite through its adapter: parameterless multi-statement SQL goes through
  // exec(), and its NOTIFY wakes workers in-process.
  const queue: QueueConnection = { db: fromPglite(client), backend: 'pglite' };
  await installQueue(queue);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    queue,
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      // UNLISTEN is a query, and a closed PGlite rejects every query: once the database is
      // closed nothing listens any more, so stopping has nothing left to do.
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
