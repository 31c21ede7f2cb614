import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/server/db/client.ts';
import { payments } from '../../src/server/db/schema.ts';

/** A payment row as a finished demo checkout leaves it (a light plan, ¥1,000), or as given. */
export async function seedPayment(
  db: Database,
  userId: string,
  values: Partial<typeof payments.$inferInsert> = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(payments).values({
    id,
    provider: 'demo',
    sessionId: `demo_${randomUUID()}`,
    userId,
    planId: 'light',
    credits: 100,
    amountYen: 1000,
    status: 'completed',
    ...values,
  });
  return id;
}
