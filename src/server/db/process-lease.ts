import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';

// Any constant works; it keeps these locks apart from the other advisory locks we take.
const RUNNER_LOCK_CLASS = 7_240_334;
const RECONNECT_MS = 1000;

export interface ProcessLease {
  /** The id this process writes into the records it works on (`faq_generations.runner`). */
  id: string;
  close(): Promise<void>;
}

/**
 * This process's proof of life on PostgreSQL: a session advisory lock on a fresh random id,
 * held on a connection of its own for as long as the process runs. When the process dies,
 * however abruptly (SIGKILL, a lost machine), PostgreSQL ends its session and the lock is free
 * at once, so another process can tell dead work from work still running elsewhere without
 * waiting for it to go silent. If the connection drops while we live, it is taken again.
 */
export async function takeProcessLease(
  connectionString: string,
  onError: (error: Error) => void,
): Promise<ProcessLease> {
  const id = randomUUID();
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    const reconnect = (error?: Error) => {
      if (error) onError(error);
      if (stopped || client !== next) return;
      client = null;
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch(afterFailure), RECONNECT_MS);
    };
    next.on('error', reconnect);
    next.on('end', () => reconnect());
    client = next;
    await next.connect();
    await next.query('SELECT pg_advisory_lock($1, hashtext($2))', [RUNNER_LOCK_CLASS, id]);
  };
  const afterFailure = (error: Error) => {
    onError(error);
    if (!stopped) retry = setTimeout(() => void connect().catch(afterFailure), RECONNECT_MS);
  };
  await connect();
  return {
    id,
    async close() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * True in SQL when the process named in `runner` no longer holds its lease. Trying the lock at
 * transaction level takes nothing from a live holder and lets go of a free lock at commit.
 * A null runner (embedded mode, or work started before runners were recorded) is not known
 * to be dead: the caller decides by silence instead.
 */
export function runnerIsGone(runner: AnyPgColumn): SQL {
  return sql`(${runner} is not null and pg_try_advisory_xact_lock(${RUNNER_LOCK_CLASS}, hashtext(${runner})))`;
}
