import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentIncidents } from '../../db/schema.ts';

/** The 200 newest payment incidents. */
export function recentPaymentIncidents(db: DbOrTx) {
  return db.select().from(paymentIncidents).orderBy(desc(paymentIncidents.createdAt)).limit(200);
}
