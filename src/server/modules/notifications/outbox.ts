import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: 'welcome' | 'password_reset' | 'purchase_receipt' | 'referral_reward' | 'other';
}

/**
 * Every e-mail is written to the outbox first (inside the caller's transaction when given),
 * so nothing is lost if SMTP is down; delivery updates the row.
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
    status: 'pending',
  });
  return id;
}

export class MailDelivery {
  readonly #transport: Transporter | null;
  readonly #config: Config;
  readonly #db: Database;
  readonly #log: FastifyBaseLogger;

  constructor(config: Config, db: Database, log: FastifyBaseLogger) {
    this.#config = config;
    this.#db = db;
    this.#log = log;
    this.#transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  }

  /** Without SMTP the message stays in the outbox as 'stored' (admins can read it). */
  async deliver(id: string): Promise<void> {
    const [message] = await this.#db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!message || message.status === 'sent') return;
    if (!this.#transport) {
      await this.#db.update(emailOutbox).set({ status: 'stored' }).where(eq(emailOutbox.id, id));
      return;
    }
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
        .set({ status: 'sent', sentAt: new Date(), attempts: message.attempts + 1, error: null })
        .where(eq(emailOutbox.id, id));
    } catch (error) {
      this.#log.warn({ err: error, emailId: id }, 'e-mail delivery failed');
      await this.#db
        .update(emailOutbox)
        .set({
          status: 'failed',
          attempts: message.attempts + 1,
          error: error instanceof Error ? error.message : String(error),
        })
        .where(eq(emailOutbox.id, id));
    }
  }

  /** Fire-and-forget after the enqueueing transaction has committed. */
  deliverLater(id: string): void {
    void this.deliver(id).catch((error: unknown) =>
      this.#log.warn({ err: error }, 'e-mail delivery crashed'),
    );
  }
}
