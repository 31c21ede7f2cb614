import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../../tests/helpers/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { creditReservations, creditTransactions, users } from '../../db/schema.ts';
import { grantCredits, reserveCredits, settleReservation, spendCredits } from './ledger.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Operation =
  | { kind: 'grant'; user: number; amount: number }
  | { kind: 'spend'; user: number; amount: number }
  | { kind: 'reserve-settle'; user: number; amount: number; used: number };

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('grant' as const),
    user: fc.nat(2),
    amount: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({
    kind: fc.constant('spend' as const),
    user: fc.nat(2),
    amount: fc.integer({ min: 1, max: 25 }),
  }),
  fc.record({
    kind: fc.constant('reserve-settle' as const),
    user: fc.nat(2),
    amount: fc.integer({ min: 1, max: 15 }),
    used: fc.integer({ min: 0, max: 15 }),
  }),
);

async function run(op: Operation, userIds: string[]): Promise<number> {
  const userId = userIds[op.user]!;
  if (op.kind === 'grant') {
    await grantCredits(database.db, {
      userId,
      amount: op.amount,
      type: 'purchase',
      description: 'p',
    });
    return op.amount;
  }
  if (op.kind === 'spend') {
    await spendCredits(database.db, { userId, amount: op.amount, type: 'usage', description: 'u' });
    return -op.amount;
  }
  const reservation = await reserveCredits(database.db, { userId, amount: op.amount });
  const settled = await settleReservation(database.db, {
    reservationId: reservation.id,
    used: op.used,
    description: 'g',
  });
  return -settled.charged;
}

describe('ledger invariants under concurrency (property-based)', () => {
  it('balance == sum of ledger rows, never negative, nothing held, every success recorded', async () => {
    let operations = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 40, maxLength: 150 }), async (ops) => {
        const userIds = [randomUUID(), randomUUID(), randomUUID()];
        await database.db
          .insert(users)
          .values(userIds.map((id) => ({ id, email: `${id}@example.jp`, passwordHash: 'x' })));
        for (const id of userIds)
          await grantCredits(database.db, {
            userId: id,
            amount: 10,
            type: 'signup_bonus',
            description: 'b',
          });

        const outcomes = await Promise.allSettled(ops.map((op) => run(op, userIds)));
        operations += ops.length;
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected')
            expect(String(outcome.reason)).toContain('クレジットが不足しています');
        }
        const expected = [10, 10, 10];
        outcomes.forEach((outcome, index) => {
          if (outcome.status === 'fulfilled') expected[ops[index]!.user]! += outcome.value;
        });

        for (const [index, id] of userIds.entries()) {
          const [user] = await database.db.select().from(users).where(eq(users.id, id));
          const [ledger] = await database.db
            .select({ total: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
            .from(creditTransactions)
            .where(eq(creditTransactions.userId, id));
          const held = await database.db
            .select()
            .from(creditReservations)
            .where(
              sql`${creditReservations.userId} = ${id} and ${creditReservations.status} = 'held'`,
            );
          expect(user!.credits).toBe(ledger!.total);
          expect(user!.credits).toBeGreaterThanOrEqual(0);
          expect(user!.reservedCredits).toBe(0);
          expect(held).toHaveLength(0);
          // No operation that reported success is missing from the balance.
          expect(user!.credits).toBe(expected[index]);
        }
      }),
      { numRuns: 40 },
    );
    expect(operations).toBeGreaterThan(1000);
  }, 120_000);
});
