import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  PgBoss,
  fromDrizzle,
  type DrizzleTransactionLike,
  type Job,
  type Queue,
  type SendOptions,
  type WorkOptions,
} from 'pg-boss';
import type { DatabaseHandle, DbOrTx } from '../../db/client.ts';

/**
 * A queue of the app: its pg-boss options, and the handler any process runs its jobs with.
 * Handlers get one job at a time; a thrown error fails the attempt (retried by the queue's
 * policy), a return completes it.
 */
export interface JobDefinition<T extends object = object> {
  name: string;
  options?: Omit<Queue, 'name'>;
  work?: WorkOptions;
  /** What it returns is kept as the job's output. */
  handler: (job: Job<T>) => Promise<unknown>;
}

export interface JobSchedule {
  name: string;
  /** A cron expression, in Japan time. */
  cron: string;
}

/**
 * The one queue of background work (docs/adr/038-jobs-on-pg-boss.md): pg-boss over the app's
 * own database, so a job is a row that commits or rolls back with the transaction that made it,
 * and any process on the database may run it.
 */
export class JobQueue {
  readonly boss: PgBoss;
  readonly #log: FastifyBaseLogger;
  #started = false;
  #stopped: Promise<void> | null = null;

  constructor(database: DatabaseHandle, log: FastifyBaseLogger) {
    this.#log = log;
    this.boss = new PgBoss({
      ...database.queue,
      // openDatabase installed and migrated the schema already.
      migrate: false,
      // New jobs wake the workers at once (in-process with PGlite); polling stays as a floor.
      useListenNotify: true,
      // Heartbeats and expiry are checked this often, so a dead process's job comes back soon.
      superviseIntervalSeconds: 5,
      monitorIntervalSeconds: 5,
      cronWorkerIntervalSeconds: 5,
    });
    // Errors of the queue's own upkeep (a dropped connection, a database closing under it) are
    // reported, never thrown into the process.
    this.boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
  }

  get started(): boolean {
    return this.#started;
  }

  /** Creates (or updates) the queues, starts their workers and the schedules. */
  async start(definitions: JobDefinition[], schedules: JobSchedule[]): Promise<void> {
    await this.boss.start();
    this.#started = true;
    // Dead-letter queues first: a queue naming one needs it to exist.
    const ordered = [...definitions].sort(
      (a, b) => Number(Boolean(a.options?.deadLetter)) - Number(Boolean(b.options?.deadLetter)),
    );
    for (const definition of ordered) {
      const options = { notify: true, ...definition.options };
      await this.boss.createQueue(definition.name, options);
      // createQueue keeps an existing queue as it was; its policy follows the code.
      const { policy: _policy, partition: _partition, ...changeable } = options;
      await this.boss.updateQueue(definition.name, changeable);
    }
    for (const definition of ordered) {
      await this.boss.work(
        definition.name,
        // A worker busy when a job's NOTIFY arrives keeps it and fetches again once free; what
        // announces nothing (a retry coming due, a dead letter) waits for the poll, so it is
        // short rather than pg-boss's 30-second backstop.
        { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2, ...definition.work },
        async ([job]) => (job ? definition.handler(job as Job<never>) : undefined),
      );
    }
    for (const schedule of schedules)
      await this.boss.schedule(schedule.name, schedule.cron, null, {
        tz: 'Asia/Tokyo',
        missed: 'once',
      });
  }

  /**
   * Creates a job; given a transaction, in it, so the job exists exactly when what the
   * transaction writes does.
   */
  async send(
    name: string,
    data: object,
    options: SendOptions & { tx?: DbOrTx } = {},
  ): Promise<string | null> {
    const { tx, ...rest } = options;
    // Drizzle types execute()'s rows as unknown; both drivers resolve to { rows }.
    const db = tx && fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
    return this.boss.send(name, data, db ? { ...rest, db } : rest);
  }

  /**
   * Stops taking jobs and lets running ones finish for up to `graceMs`; what is still running
   * then is failed back to the queue (its retry picks it up in another or the next process).
   */
  stop(graceMs: number): Promise<void> {
    this.#stopped ??= (async () => {
      if (!this.#started) return;
      await this.boss
        .stop({ graceful: true, timeout: graceMs, close: true })
        .catch((error: unknown) => this.#log.warn({ err: error }, 'job queue stop failed'));
    })();
    return this.#stopped;
  }
}
