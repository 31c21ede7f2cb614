import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { grantCredits, spendCredits } from '../credits/ledger.ts';
import { logAdminAction } from './admin.service.ts';

/**
 * An operator's credit adjustment of a live account: a positive amount grants, a negative one
 * takes (never below zero), and the action log keeps the internal reason beside what the
 * customer sees.
 */
export async function adjustCredits(
  db: Database,
  log: FastifyBaseLogger,
  adminId: string,
  userId: string,
  adjustment: { amount: number; reason: string; description: string },
) {
  const { amount, reason, description } = adjustment;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw notFound('ユーザーが見つかりません');
  const type = amount > 0 ? ('credit' as const) : ('debit' as const);
  const entry = {
    userId: user.id,
    amount: Math.abs(amount),
    type,
    description,
    internalNote: reason,
  };
  const result = amount > 0 ? await grantCredits(db, entry) : await spendCredits(db, entry);
  await logAdminAction(db, log, adminId, 'credit_adjustment', {
    userId: user.id,
    amount,
    reason,
    customerDescription: description,
  });
  return { balance: result.balance, type, amount: Math.abs(amount) };
}
