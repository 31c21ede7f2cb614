import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';

/**
 * Work running on a record in this process, so that deleting the record stops it at once:
 * queued and in-flight model calls are aborted (they cost the operator money and their answers
 * would be dropped anyway). A record deleted through another process is noticed by the watch,
 * which looks for the record every WATCH_INTERVAL_MS while the work runs.
 */
const running = new Map<string, Set<AbortController>>();
const WATCH_INTERVAL_MS = 2_000;

export interface WorkHandle {
  signal: AbortSignal;
  /** Stops watching; call when the work ends, whatever its outcome. */
  end(): void;
}

export function watchWork(db: Database, id: string): WorkHandle {
  const controller = new AbortController();
  const controllers = running.get(id) ?? new Set<AbortController>();
  controllers.add(controller);
  running.set(id, controllers);
  const timer = setInterval(() => {
    void db
      .select({ id: faqGenerations.id })
      .from(faqGenerations)
      .where(eq(faqGenerations.id, id))
      .then((rows) => {
        if (rows.length === 0) controller.abort(new RecordDeleted());
      })
      // A failed look (database closing) decides nothing: the work's own checks still run.
      .catch(() => undefined);
  }, WATCH_INTERVAL_MS);
  timer.unref();
  return {
    signal: controller.signal,
    end() {
      clearInterval(timer);
      controllers.delete(controller);
      if (controllers.size === 0 && running.get(id) === controllers) running.delete(id);
    },
  };
}

/** The record was deleted: this process's work on it stops. */
export function abortWork(id: string): void {
  for (const controller of running.get(id) ?? []) controller.abort(new RecordDeleted());
}

export class RecordDeleted extends Error {
  override name = 'RecordDeleted';
}

/** Whether this process still runs work on the record (tests wait for a stopped job with it). */
export function isWorking(id: string): boolean {
  return running.has(id);
}
