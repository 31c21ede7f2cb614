import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, DbOrTx } from '../../db/client.ts';

/** The channel the database triggers announce committed changes on (migration 0002). */
const CHANNEL = 'faq_realtime';
/** Regeneration ends are emitted apart from record changes, which other subscribers read. */
const ENDED = 'regeneration-ended:';

/** A committed change of one record: its progress, or its deletion. */
export type GenerationChange =
  | {
      kind: 'generation';
      id: string;
      status: string;
      stage: string;
      progress: number;
      message: string;
    }
  | { kind: 'generation_deleted'; id: string };

/**
 * How an answer's regeneration ended, announced in the transaction that ends it (keeps or
 * releases its credit), so the request waiting on it wakes once, in whichever process it waits:
 * `kept` a new answer, `unchanged` the same text again, `failed` no answer, `gone` the record
 * was no longer there, `gave_up` the dead letter ended it. The item itself is read from the
 * record (an answer may be longer than a notification carries).
 */
export type RegenerationResult = 'kept' | 'unchanged' | 'failed' | 'gone' | 'gave_up';

interface RegenerationEnded {
  kind: 'regeneration_ended';
  id: string;
  /** The regeneration's reservation: one per regeneration, so a stale announcement is told apart. */
  reservationId: string;
  result: RegenerationResult;
}

/**
 * Changes of generation records as the database announces them on commit, in every process:
 * on PostgreSQL through one LISTEN per process (so a change made by a job in any process reaches
 * the subscribers of all), embedded through PGlite's in-process notifications. The events
 * stream and the running work's cancel watch subscribe here instead of reading the record on a
 * timer.
 */
export class GenerationEvents {
  readonly #database: DatabaseHandle;
  readonly #log: FastifyBaseLogger;
  readonly #emitter = new EventEmitter();
  #stop: (() => Promise<void>) | null = null;

  constructor(database: DatabaseHandle, log: FastifyBaseLogger) {
    this.#database = database;
    this.#log = log;
    // One listener per open stream or running job; there may be many.
    this.#emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.#stop = await this.#database.listen(CHANNEL, (payload) => {
      let change: GenerationChange | RegenerationEnded;
      try {
        change = JSON.parse(payload) as GenerationChange | RegenerationEnded;
      } catch (error) {
        this.#log.warn({ err: error }, 'unreadable generation notification');
        return;
      }
      if (change.kind === 'generation' || change.kind === 'generation_deleted')
        this.#emitter.emit(change.id, change);
      else if (change.kind === 'regeneration_ended')
        this.#emitter.emit(`${ENDED}${change.id}`, change);
    });
  }

  /** Calls `listener` with each committed change of the record; returns the unsubscribe. */
  subscribe(id: string, listener: (change: GenerationChange) => void): () => void {
    this.#emitter.on(id, listener);
    return () => this.#emitter.off(id, listener);
  }

  /** Calls `listener` with each announced end of a regeneration of the record. */
  subscribeRegenerationEnd(
    id: string,
    listener: (ended: { reservationId: string; result: RegenerationResult }) => void,
  ): () => void {
    const key = `${ENDED}${id}`;
    this.#emitter.on(key, listener);
    return () => this.#emitter.off(key, listener);
  }

  async stop(): Promise<void> {
    await this.#stop?.();
    this.#stop = null;
    this.#emitter.removeAllListeners();
  }
}

/** Announces, on commit of `tx`, that the record is gone (a DELETE fires no progress trigger). */
export async function announceDeletion(tx: DbOrTx, id: string): Promise<void> {
  const payload = JSON.stringify({ kind: 'generation_deleted', id } satisfies GenerationChange);
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

/** Announces, on commit of `tx`, how the regeneration holding `reservationId` ended. */
export async function announceRegenerationEnd(
  tx: DbOrTx,
  id: string,
  reservationId: string,
  result: RegenerationResult,
): Promise<void> {
  const payload = JSON.stringify({
    kind: 'regeneration_ended',
    id,
    reservationId,
    result,
  } satisfies RegenerationEnded);
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}
