import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentIncidents } from '../../db/schema.ts';

export type PaymentIncidentKind =
  'unknown_user' | 'refund_shortfall' | 'amount_mismatch' | 'referral_bonus_shortfall';

interface IncidentLogger {
  warn: (object: object, message: string) => void;
}

/** Records something an operator must look at; one row per event and kind. */
export async function recordIncident(
  db: DbOrTx,
  log: IncidentLogger,
  incident: {
    kind: PaymentIncidentKind;
    eventId: string;
    userId?: string | null;
    sessionId?: string | null;
    shortfallCredits?: number;
    details: Record<string, unknown>;
  },
): Promise<void> {
  log.warn({ incident }, 'payment incident recorded for the operator');
  await db
    .insert(paymentIncidents)
    .values({
      id: randomUUID(),
      provider: 'stripe',
      kind: incident.kind,
      eventId: incident.eventId,
      userId: incident.userId ?? null,
      sessionId: incident.sessionId ?? null,
      shortfallCredits: incident.shortfallCredits ?? 0,
      details: incident.details,
    })
    .onConflictDoNothing();
}

/** The 200 newest payment incidents. */
export function recentPaymentIncidents(db: DbOrTx) {
  return db.select().from(paymentIncidents).orderBy(desc(paymentIncidents.createdAt)).limit(200);
}
