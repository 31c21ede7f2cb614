import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

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
  readonly #log: FastifyBaseLogger;
  readonly #inFlight = new Set<Promise<void>>();

  constructor(config: Config, db: Database, log: FastifyBaseLogger) {
    this.#config = config;
    this.#db = db;
    this.#log = log;
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

  /** Fire-and-forget after the enqueueing transaction has committed. */
  deliverLater(id: string): void {
    const task = this.deliver(id).then(
      () => undefined,
      (error: unknown) => this.#log.warn({ err: error, emailId: id }, 'e-mail delivery crashed'),
    );
    this.#inFlight.add(task);
    void task.finally(() => this.#inFlight.delete(task));
  }

  /** Waits for deliveries already started, so shutdown does not cut one off mid-update. */
  async drain(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  close(): void {
    this.#transport?.close();
  }
}
