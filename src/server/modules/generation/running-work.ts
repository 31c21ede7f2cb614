import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';
import type { GenerationEvents } from './generation-events.ts';

/**
 * Work running on a record in this process, so that deleting or cancelling the record stops it
 * at once: queued and in-flight model calls are aborted (they cost the operator money and their
 * answers would be dropped anyway). A record deleted or cancelled through another process is
 * noticed as the database announces the change to every process (generation-events.ts).
 */
const running = new Map<string, Set<AbortController>>();

export interface WorkHandle {
  signal: AbortSignal;
  /** Stops watching; call when the work ends, whatever its outcome. */
  end(): void;
}

/**
 * `job` is the queue's signal for the job doing the work: aborted when this process stops
 * (after its grace) or loses the job, the work stops as `JobInterrupted` and leaves the record
 * to the job's next attempt.
 */
export function watchWork(
  ctx: { db: Database; events: GenerationEvents },
  id: string,
  job?: AbortSignal,
): WorkHandle {
  const controller = new AbortController();
  const interrupted = () => controller.abort(new JobInterrupted());
  if (job?.aborted) interrupted();
  job?.addEventListener('abort', interrupted, { once: true });
  const controllers = running.get(id) ?? new Set<AbortController>();
  controllers.add(controller);
  running.set(id, controllers);
  const unsubscribe = ctx.events.subscribe(id, (change) => {
    if (controller.signal.aborted) return;
    if (change.kind === 'generation_deleted') {
      controller.abort(new RecordDeleted());
      return;
    }
    // The announcement names no cancel flag: read it (a cancel also changes the message).
    void ctx.db
      .select({ cancel: faqGenerations.cancelRequested })
      .from(faqGenerations)
      .where(eq(faqGenerations.id, id))
      .then(([row]) => {
        if (!row) controller.abort(new RecordDeleted());
        else if (row.cancel) controller.abort(new CancelRequested());
      })
      // A failed look (database closing) decides nothing: the work's own checks still run.
      .catch(() => undefined);
  });
  return {
    signal: controller.signal,
    end() {
      unsubscribe();
      job?.removeEventListener('abort', interrupted);
      controllers.delete(controller);
      if (controllers.size === 0 && running.get(id) === controllers) running.delete(id);
    },
  };
}

/** The record was deleted (or its job cancelled): this process's work on it stops. */
export function abortWork(id: string, reason: Error = new RecordDeleted()): void {
  for (const controller of running.get(id) ?? []) controller.abort(reason);
}

export class RecordDeleted extends Error {
  override name = 'RecordDeleted';
}

/** The owner pressed 中止: the work stops, keeping (and charging) what it already produced. */
export class CancelRequested extends Error {
  override name = 'CancelRequested';
}

/** The process stopped running the job (shutdown, or the queue gave it to another process). */
export class JobInterrupted extends Error {
  override name = 'JobInterrupted';
}

export const interruptedJob = (signal: AbortSignal) =>
  signal.aborted && signal.reason instanceof JobInterrupted;

/** Whether the work was stopped by a cancel (as opposed to a deletion, or not at all). */
export const stoppedByCancel = (signal: AbortSignal) =>
  signal.aborted && signal.reason instanceof CancelRequested;

/** Whether this process still runs work on the record (tests wait for a stopped job with it). */
export function isWorking(id: string): boolean {
  return running.has(id);
}
