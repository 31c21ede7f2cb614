import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditReservations, creditTransactions, users } from '../../db/schema.ts';
import { HttpError, insufficientCredits, notFound } from '../../lib/http-error.ts';

/**
 * The only code that changes a balance. Every change writes users.credits and exactly one
 * credit_transactions row in the same transaction, so balance == sum of ledger rows always
 * holds; conditional UPDATEs keep the balance from going below zero under any concurrency
 * (PostgreSQL row locks; PGlite runs one transaction at a time).
 */
export const CREDIT_TYPES = [
  'signup_bonus',
  'referral',
  'referral_bonus',
  'usage',
  'purchase',
  'credit',
  'debit',
  'refund',
  'others',
] as const;
export type CreditType = (typeof CREDIT_TYPES)[number];

export interface LedgerEntryInput {
  userId: string;
  /** Positive number of credits; the sign is decided by the operation. */
  amount: number;
  type: CreditType;
  description: string;
  /**
   * Makes the operation idempotent: a second call with the same reference changes nothing
   * and reports `applied: false` (payment sessions, webhook events, referral bonuses).
   */
  reference?: string;
  /** For operators only (an adjustment's reason); the customer sees `description`. */
  internalNote?: string | null;
}

export interface LedgerResult {
  applied: boolean;
  balance: number;
  transactionId: string | null;
}

function assertPositiveInteger(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new HttpError(400, 'クレジット数は1以上の整数で指定してください');
  }
}

async function currentBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('ユーザーが見つかりません');
  return row.credits;
}

/** Writes the ledger row first: a duplicate reference stops the operation before the balance moves. */
async function insertLedgerRow(
  tx: DbOrTx,
  input: LedgerEntryInput,
  signedAmount: number,
): Promise<string | null> {
  const id = randomUUID();
  const inserted = await tx
    .insert(creditTransactions)
    .values({
      id,
      userId: input.userId,
      type: input.type,
      amount: signedAmount,
      description: input.description,
      reference: input.reference ?? null,
      internalNote: input.internalNote ?? null,
    })
    .onConflictDoNothing({ target: creditTransactions.reference })
    .returning({ id: creditTransactions.id });
  return inserted[0]?.id ?? null;
}

/** Adds credits (signup bonus, purchase, referral bonus, admin credit). */
export async function grantCredits(db: DbOrTx, input: LedgerEntryInput): Promise<LedgerResult> {
  assertPositiveInteger(input.amount);
  return db.transaction(async (tx) => {
    const transactionId = await insertLedgerRow(tx, input, input.amount);
    if (!transactionId)
      return { applied: false, balance: await currentBalance(tx, input.userId), transactionId };
    const [row] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${input.amount}`, updatedAt: new Date() })
      .where(eq(users.id, input.userId))
      .returning({ credits: users.credits });
    if (!row) throw notFound('ユーザーが見つかりません');
    return { applied: true, balance: row.credits, transactionId };
  });
}

/**
 * Takes credits away (usage, admin debit). Only unreserved credits can be spent; more than
 * that → 'クレジットが不足しています' and nothing changes.
 */
export async function spendCredits(db: DbOrTx, input: LedgerEntryInput): Promise<LedgerResult> {
  assertPositiveInteger(input.amount);
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ credits: sql`${users.credits} - ${input.amount}`, updatedAt: new Date() })
        .where(
          and(
            eq(users.id, input.userId),
            sql`${users.credits} - ${users.reservedCredits} >= ${input.amount}`,
          ),
        )
        .returning({ credits: users.credits });
      if (!row) {
        await currentBalance(tx, input.userId); // 404 for an unknown user
        throw insufficientCredits();
      }
      const transactionId = await insertLedgerRow(tx, input, -input.amount);
      if (!transactionId) {
        // Already applied earlier: undo this attempt's balance change by rolling back.
        throw new DuplicateReference();
      }
      return { applied: true, balance: row.credits, transactionId };
    })
    .catch(async (error: unknown) => {
      if (error instanceof DuplicateReference) {
        return {
          applied: false,
          balance: await currentBalance(db, input.userId),
          transactionId: null,
        };
      }
      throw error;
    });
}

class DuplicateReference extends Error {}

export interface Reservation {
  id: string;
  userId: string;
  amount: number;
}

/** Holds credits for work about to start (answer generation, docs/product-decisions.md §1). */
export async function reserveCredits(
  db: DbOrTx,
  input: { userId: string; amount: number; generationId?: string },
): Promise<Reservation> {
  assertPositiveInteger(input.amount);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ reservedCredits: sql`${users.reservedCredits} + ${input.amount}` })
      .where(
        and(
          eq(users.id, input.userId),
          sql`${users.credits} - ${users.reservedCredits} >= ${input.amount}`,
        ),
      )
      .returning({ id: users.id });
    if (!row) {
      await currentBalance(tx, input.userId);
      throw insufficientCredits();
    }
    const id = randomUUID();
    await tx.insert(creditReservations).values({
      id,
      userId: input.userId,
      generationId: input.generationId ?? null,
      amount: input.amount,
    });
    return { id, userId: input.userId, amount: input.amount };
  });
}

/**
 * Settles a reservation exactly once: charges `used` credits (one usage row, when used > 0)
 * and releases the rest. A second settle of the same reservation does nothing.
 */
export async function settleReservation(
  db: DbOrTx,
  input: { reservationId: string; used: number; description: string },
): Promise<{ charged: number; balance: number }> {
  return db.transaction(async (tx) => {
    const [reservation] = await tx
      .update(creditReservations)
      .set({
        status: 'settled',
        settledAt: new Date(),
        captured: sql`least(${creditReservations.amount}, ${Math.max(0, Math.floor(input.used))})`,
      })
      .where(
        and(eq(creditReservations.id, input.reservationId), eq(creditReservations.status, 'held')),
      )
      .returning();
    if (!reservation) {
      const [existing] = await tx
        .select({ userId: creditReservations.userId, captured: creditReservations.captured })
        .from(creditReservations)
        .where(eq(creditReservations.id, input.reservationId));
      if (!existing) throw notFound('クレジットの予約が見つかりません');
      return { charged: 0, balance: await currentBalance(tx, existing.userId) };
    }
    const charged = reservation.captured;
    const [row] = await tx
      .update(users)
      .set({
        credits: sql`${users.credits} - ${charged}`,
        reservedCredits: sql`${users.reservedCredits} - ${reservation.amount}`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, reservation.userId))
      .returning({ credits: users.credits });
    if (!row) throw notFound('ユーザーが見つかりません');
    if (charged > 0) {
      await insertLedgerRow(
        tx,
        {
          userId: reservation.userId,
          amount: charged,
          type: 'usage',
          description: input.description,
        },
        -charged,
      );
    }
    return { charged, balance: row.credits };
  });
}

/** Releases every reservation still held (after a restart, interrupted jobs hold nothing). */
export async function releaseAllHeldReservations(db: DbOrTx): Promise<number> {
  const held = await db
    .select({ id: creditReservations.id })
    .from(creditReservations)
    .where(eq(creditReservations.status, 'held'));
  for (const reservation of held) {
    await settleReservation(db, { reservationId: reservation.id, used: 0, description: '' });
  }
  return held.length;
}

/**
 * Releases, charging nothing, every reservation still held for a generation: called in the
 * transaction that deletes the record, so its work can no longer charge for it.
 */
export async function releaseGenerationReservations(
  db: DbOrTx,
  generationId: string,
): Promise<number> {
  const held = await db
    .select({ id: creditReservations.id })
    .from(creditReservations)
    .where(
      and(eq(creditReservations.generationId, generationId), eq(creditReservations.status, 'held')),
    );
  for (const reservation of held) {
    await settleReservation(db, { reservationId: reservation.id, used: 0, description: '' });
  }
  return held.length;
}

/** 'FAQ{n}件生成' (docs/spec.md §4). */
export function usageDescription(count: number): string {
  return `FAQ${count}件生成`;
}
