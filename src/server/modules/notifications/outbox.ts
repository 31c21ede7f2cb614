import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, DatabaseHandle, DbOrTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import type { JobDefinition, JobQueue } from '../jobs/job-queue.ts';

/** Each outbox row is sent by a job, retried with backoff while SMTP refuses it. */
export const MAIL_DELIVERY_QUEUE = 'mail-delivery';
const DRAIN_LIMIT_MS = 30_000;
/** Announces each outbox row a delivery has handled (sent, failed, stored), from any process. */
const HANDLED_CHANNEL = 'faq_mail_handled';

export type EmailKind =
  | 'welcome'
  | 'email_confirmation'
  | 'signup_existing'
  | 'password_reset'
  | 'purchase_receipt'
  | 'referral_reward'
  | 'password_changed'
  | 'email_change'
  | 'email_change_notice'
  | 'email_change_existing'
  | 'other';

/**
 * pending: written, not yet handled; sending: claimed by one process; sent / failed: SMTP
 * answered; stored: no SMTP configured, kept for admins to read (docs/product-decisions.md §6).
 */
export type EmailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'stored';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: EmailKind;
}

/**
 * Every e-mail is written to the outbox first (inside the caller's transaction when given),
 * so nothing is lost if SMTP is down and nothing is sent for a rolled-back action.
 * Hand the returned id to `app.mail.deliverLater` after the transaction commits.
 */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<string> {
  const id = randomUUID();
  await db.insert(emailOutbox).values({
    id,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html ?? null,
    kind: email.kind,
    status: 'pending' satisfies EmailStatus,
  });
  return id;
}

export class MailDelivery {
  readonly #transport: Transporter | null;
  readonly #config: Config;
  readonly #db: Database;
  readonly #listen: DatabaseHandle['listen'];
  readonly #log: FastifyBaseLogger;
  readonly #jobs: JobQueue;
  /** Rows this process handed to the queue and has not yet seen handled (drain waits for them). */
  readonly #handedOver = new Set<string>();
  readonly #sending = new Set<Promise<unknown>>();

  constructor(config: Config, database: DatabaseHandle, log: FastifyBaseLogger, jobs: JobQueue) {
    this.#config = config;
    this.#db = database.db;
    this.#listen = database.listen;
    this.#log = log;
    this.#jobs = jobs;
    this.#transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  }

  get smtpConfigured(): boolean {
    return this.#transport !== null;
  }

  /**
   * Sends one outbox row. The conditional update is a claim, so two server processes (or a
   * retry racing the first attempt) never send the same message twice.
   */
  async deliver(id: string): Promise<EmailStatus | null> {
    const status = await this.#deliverOnce(id);
    if (status)
      await this.#db
        .execute(sql`select pg_notify(${HANDLED_CHANNEL}, ${id})`)
        .catch(() => undefined);
    return status;
  }

  async #deliverOnce(id: string): Promise<EmailStatus | null> {
    if (!this.#transport) {
      const [stored] = await this.#db
        .update(emailOutbox)
        .set({ status: 'stored' satisfies EmailStatus })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending')))
        .returning({ id: emailOutbox.id });
      return stored ? 'stored' : null;
    }
    const [message] = await this.#db
      .update(emailOutbox)
      .set({ status: 'sending' satisfies EmailStatus })
      .where(
        and(
          eq(emailOutbox.id, id),
          inArray(emailOutbox.status, ['pending', 'failed', 'stored'] satisfies EmailStatus[]),
        ),
      )
      .returning();
    if (!message) return null;
    try {
      await this.#transport.sendMail({
        from: this.#config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text ?? undefined,
        html: message.html ?? undefined,
      });
      await this.#db
        .update(emailOutbox)
        .set({
          status: 'sent' satisfies EmailStatus,
          sentAt: new Date(),
          attempts: message.attempts + 1,
          error: null,
        })
        .where(eq(emailOutbox.id, id));
      return 'sent';
    } catch (error) {
      // The recipient address is personal data; the id is enough to find the row.
      this.#log.warn({ err: error, emailId: id }, 'e-mail delivery failed');
      await this.#db
        .update(emailOutbox)
        .set({
          status: 'failed' satisfies EmailStatus,
          attempts: message.attempts + 1,
          error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
        })
        .where(eq(emailOutbox.id, id));
      return 'failed';
    }
  }

  /**
   * After the enqueueing transaction has committed: a delivery job, which any process runs and
   * the queue retries with backoff while SMTP fails.
   */
  deliverLater(id: string): void {
    this.#handedOver.add(id);
    const sent = this.#jobs
      .send(MAIL_DELIVERY_QUEUE, { id })
      .catch((error: unknown) => this.#log.warn({ err: error, emailId: id }, 'e-mail not queued'));
    this.#sending.add(sent);
    void sent.finally(() => this.#sending.delete(sent));
  }

  /** The queue's job: a failed send is thrown, so the queue tries again later. */
  readonly job: JobDefinition<{ id: string }> = {
    name: MAIL_DELIVERY_QUEUE,
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
    handler: async (job) => {
      if ((await this.deliver(job.data.id)) === 'failed')
        throw new Error('e-mail delivery failed; retried by the queue');
    },
  };

  /**
   * Waits (30 s at most) until the messages this process handed over have had their first
   * attempt, wherever it ran (tests read the outcome after it): it reads their rows once, then
   * hears each one handled as the delivery announces it.
   */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.#sending]);
    if (this.#handedOver.size === 0) return;
    let wake = () => {};
    const stop = await this.#listen(HANDLED_CHANNEL, (id) => {
      if (this.#handedOver.delete(id)) wake();
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      // Handled before the listening began, or gone: only the row says so.
      const rows = await this.#db
        .select({ id: emailOutbox.id, status: emailOutbox.status })
        .from(emailOutbox)
        .where(inArray(emailOutbox.id, [...this.#handedOver]));
      for (const id of this.#handedOver) {
        const row = rows.find((candidate) => candidate.id === id);
        if (!row || (row.status !== 'pending' && row.status !== 'sending'))
          this.#handedOver.delete(id);
      }
      await new Promise<void>((resolve) => {
        wake = () => (this.#handedOver.size === 0 ? resolve() : undefined);
        wake();
        timer = setTimeout(resolve, DRAIN_LIMIT_MS);
      });
    } finally {
      clearTimeout(timer);
      await stop();
    }
  }

  close(): void {
    this.#transport?.close();
  }
}
