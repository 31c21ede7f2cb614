import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import { enqueueEmail } from './outbox.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** One outbox row per recipient, all or none; returns their ids in order. */
export function enqueueForRecipients(
  db: DbOrTx,
  recipients: string[],
  message: { subject: string; text: string; html?: string },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const created: string[] = [];
    for (const recipient of recipients) {
      created.push(await enqueueEmail(tx, { to: recipient, ...message, kind: 'other' }));
    }
    return created;
  });
}

/** Newest first, optionally only one status. */
export function listOutbox(
  db: DbOrTx,
  query: { status?: string | undefined; limit: number },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(emailOutbox)
    .where(query.status ? eq(emailOutbox.status, query.status) : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(query.limit);
}

export async function findOutboxEmail(db: DbOrTx, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}
