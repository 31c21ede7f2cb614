import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../../tests/helpers/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { creditTransactions, users } from '../../db/schema.ts';
import {
  grantCredits,
  reserveCredits,
  settleReservation,
  spendCredits,
  usageDescription,
} from './ledger.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function newUser(id: string) {
  await database.db.insert(users).values({ id, email: `${id}@example.jp`, passwordHash: 'x' });
}

async function ledgerSum(userId: string): Promise<number> {
  const [row] = await database.db
    .select({ total: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  return row!.total;
}

async function balance(userId: string): Promise<number> {
  const [row] = await database.db.select().from(users).where(eq(users.id, userId));
  return row!.credits;
}

describe('ledger', () => {
  it('grants, spends and refuses to go below zero', async () => {
    await newUser('u1');
    await grantCredits(database.db, {
      userId: 'u1',
      amount: 5,
      type: 'signup_bonus',
      description: '新規登録ボーナス',
    });
    await spendCredits(database.db, {
      userId: 'u1',
      amount: 3,
      type: 'usage',
      description: usageDescription(3),
    });
    await expect(
      spendCredits(database.db, {
        userId: 'u1',
        amount: 3,
        type: 'usage',
        description: usageDescription(3),
      }),
    ).rejects.toThrow('クレジットが不足しています');
    expect(await balance('u1')).toBe(2);
    expect(await ledgerSum('u1')).toBe(2);
  });

  it('grants once per reference', async () => {
    await newUser('u2');
    const first = await grantCredits(database.db, {
      userId: 'u2',
      amount: 500,
      type: 'purchase',
      description: 'x',
      reference: 'cs_1',
    });
    const second = await grantCredits(database.db, {
      userId: 'u2',
      amount: 500,
      type: 'purchase',
      description: 'x',
      reference: 'cs_1',
    });
    expect(first.applied).toBe(true);
    expect(second.applied).toBe(false);
    expect(await balance('u2')).toBe(500);
  });

  it('reserves, charges what was used and releases the rest, once', async () => {
    await newUser('u3');
    await grantCredits(database.db, {
      userId: 'u3',
      amount: 10,
      type: 'signup_bonus',
      description: 'b',
    });
    const reservation = await reserveCredits(database.db, { userId: 'u3', amount: 8 });
    await expect(reserveCredits(database.db, { userId: 'u3', amount: 3 })).rejects.toThrow(
      'クレジットが不足しています',
    );
    await expect(
      spendCredits(database.db, { userId: 'u3', amount: 3, type: 'usage', description: 'x' }),
    ).rejects.toThrow();
    const settled = await settleReservation(database.db, {
      reservationId: reservation.id,
      used: 5,
      description: usageDescription(5),
    });
    expect(settled).toEqual({ charged: 5, balance: 5 });
    const again = await settleReservation(database.db, {
      reservationId: reservation.id,
      used: 5,
      description: usageDescription(5),
    });
    expect(again.charged).toBe(0);
    expect(await balance('u3')).toBe(5);
    expect(await ledgerSum('u3')).toBe(5);
    const [row] = await database.db.select().from(users).where(eq(users.id, 'u3'));
    expect(row!.reservedCredits).toBe(0);
  });
});
