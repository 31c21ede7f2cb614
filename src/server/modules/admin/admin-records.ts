import { and, desc, eq, gte, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import { japanDay } from '../../../shared/japan-time.ts';
import type {
  ActionLogPage,
  ActionTarget,
  AdminPurchasePage,
  AdminPurchaseQuery,
  AdminUserHistory,
  SalesFigures,
  SalesQuery,
  SalesReport,
} from '../../../shared/admin-records.ts';
import { includedTaxYen } from '../../../shared/payments.ts';
import { findPlan } from '../../../shared/plans.ts';
import type { Database } from '../../db/client.ts';
import {
  adminActionLogs,
  adminUsers,
  creditTransactions,
  faqGenerations,
  payments,
  users,
} from '../../db/schema.ts';
import { decodeCursor, encodeCursor, olderThanCursor } from '../../lib/cursor.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { purchaseSummary } from '../payments/receipts.ts';
import { csvCell } from './admin.service.ts';

const DAY_MS = 86_400_000;
/** Japan has no daylight saving time: a Japan date starts at 00:00 +09:00. */
const startOfJapanDay = (day: string) => new Date(`${day}T00:00:00+09:00`);
const addDays = (day: string, days: number) =>
  japanDay(new Date(startOfJapanDay(day).getTime() + days * DAY_MS));

function defaultRange(period: 'day' | 'month', now: Date): { from: string; to: string } {
  const today = japanDay(now);
  if (period === 'day') return { from: addDays(today, -29), to: today };
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - 11, 1));
  return { from: `${first.toISOString().slice(0, 7)}-01`, to: today };
}

function periodLabels(period: 'day' | 'month', from: string, to: string): string[] {
  const labels: string[] = [];
  if (period === 'day') {
    for (let day = from; day <= to; day = addDays(day, 1)) labels.push(day);
    return labels;
  }
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    if (label > last) return labels;
    labels.push(label);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

const empty = (): SalesFigures => ({
  purchases: 0,
  grossYen: 0,
  taxYen: 0,
  refunds: 0,
  refundedYen: 0,
  netYen: 0,
});

/**
 * Paid purchases by Japanese day or month. A refund is counted in the period of the purchase
 * it returns (refund dates are not recorded); net = gross − refunded.
 */
export async function salesReport(
  db: Database,
  query: SalesQuery,
  now = new Date(),
): Promise<SalesReport> {
  const range = defaultRange(query.period, now);
  const from = query.from ?? range.from;
  const to = query.to ?? (query.from && query.from > range.to ? query.from : range.to);
  if (from > to) throw badRequest('開始日は終了日以前の日付を指定してください');
  const labels = periodLabels(query.period, from, to);
  if (labels.length > (query.period === 'day' ? 366 : 120))
    throw badRequest(
      query.period === 'day'
        ? '日別の集計期間は366日以内で指定してください'
        : '月別の集計期間は120か月以内で指定してください',
    );
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        isNotNull(payments.completedAt),
        gte(payments.completedAt, startOfJapanDay(from)),
        lt(payments.completedAt, startOfJapanDay(addDays(to, 1))),
      ),
    );
  const byLabel = new Map(labels.map((label) => [label, empty()]));
  const totals = empty();
  for (const payment of rows) {
    const day = japanDay(payment.completedAt!);
    const figures = byLabel.get(query.period === 'day' ? day : day.slice(0, 7));
    if (!figures) continue;
    // Payments refunded before refunded yen was recorded count as wholly refunded.
    const refundedYen =
      payment.status === 'refunded' && payment.refundedYen === 0
        ? payment.amountYen
        : payment.refundedYen;
    const refunded = refundedYen > 0 || payment.status !== 'completed' ? 1 : 0;
    for (const target of [figures, totals]) {
      target.purchases += 1;
      target.grossYen += payment.amountYen;
      target.taxYen += includedTaxYen(payment.amountYen);
      target.refunds += refunded;
      target.refundedYen += refundedYen;
      target.netYen += payment.amountYen - refundedYen;
    }
  }
  return {
    period: query.period,
    from,
    to,
    rows: labels.map((label) => ({ label, ...byLabel.get(label)! })),
    totals,
  };
}

/**
 * Single purchases, newest first, in keyset pages. Paid ones are keyed by when they were paid
 * (so a day's list adds up to that day's figures), the others by when checkout was opened.
 */
export async function salesPurchases(
  db: Database,
  query: AdminPurchaseQuery,
): Promise<AdminPurchasePage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw badRequest('カーソルが正しくありません');
  if (query.from && query.to && query.from > query.to)
    throw badRequest('開始日は終了日以前の日付を指定してください');
  const paid = query.status === 'paid';
  const time = paid ? payments.completedAt : payments.createdAt;
  const conditions: (SQL | undefined)[] = [
    paid ? isNotNull(payments.completedAt) : undefined,
    query.status === 'pending' || query.status === 'failed'
      ? eq(payments.status, query.status)
      : undefined,
    query.from ? gte(time, startOfJapanDay(query.from)) : undefined,
    query.to ? lt(time, startOfJapanDay(addDays(query.to, 1))) : undefined,
    olderThanCursor(time, payments.id, cursor),
  ];
  const rows = await db
    .select({
      payment: payments,
      email: users.email,
      displayName: users.displayName,
      deletedAt: users.deletedAt,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(...conditions))
    .orderBy(desc(time), desc(payments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const keyOf = (payment: (typeof rows)[number]['payment']) =>
    (paid ? payment.completedAt : payment.createdAt)!;
  return {
    purchases: page.map(({ payment, email, displayName, deletedAt }) => {
      const name = displayName?.trim();
      return {
        id: payment.id,
        createdAt: payment.createdAt.toISOString(),
        completedAt: payment.completedAt?.toISOString() ?? null,
        userId: payment.userId,
        userLabel: deletedAt ? '退会済みのユーザー' : name ? `${name}（${email}）` : email,
        userDeleted: deletedAt !== null,
        planId: payment.planId,
        planName: findPlan(payment.planId)?.name ?? payment.planId,
        amountYen: payment.amountYen,
        taxYen: includedTaxYen(payment.amountYen),
        credits: payment.credits,
        provider: payment.provider,
        status: payment.status,
        refundedYen: payment.refundedYen,
      };
    }),
    nextCursor:
      rows.length > query.limit
        ? encodeCursor(keyOf(page.at(-1)!.payment), page.at(-1)!.payment.id)
        : null,
  };
}

export function salesCsv(report: SalesReport): string {
  const header = [
    report.period === 'day' ? '日付' : '月',
    '購入件数',
    '売上（税込）',
    '内消費税',
    '返金件数',
    '返金額',
    '純売上',
  ];
  const line = (label: string, figures: SalesFigures) =>
    [
      label,
      figures.purchases,
      figures.grossYen,
      figures.taxYen,
      figures.refunds,
      figures.refundedYen,
      figures.netYen,
    ]
      .map(csvCell)
      .join(',');
  const lines = [
    header.map(csvCell).join(','),
    ...report.rows.map((row) => line(row.label, row)),
    line('合計', report.totals),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function userHistory(db: Database, userId: string): Promise<AdminUserHistory> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('ユーザーが見つかりません');
  const [ledger, bought, generations] = await Promise.all([
    db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId))
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
      .limit(100),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), isNotNull(payments.completedAt)))
      .orderBy(desc(payments.completedAt)),
    db
      .select({
        id: faqGenerations.id,
        title: faqGenerations.title,
        method: faqGenerations.method,
        status: faqGenerations.status,
        creditsUsed: faqGenerations.creditsUsed,
        createdAt: faqGenerations.createdAt,
      })
      .from(faqGenerations)
      .where(eq(faqGenerations.userId, userId))
      .orderBy(desc(faqGenerations.createdAt))
      .limit(50),
  ]);
  return {
    ledger: ledger.map((row) => ({
      id: row.id,
      type: row.type,
      amount: row.amount,
      description: row.description,
      internalNote: row.internalNote,
      createdAt: row.createdAt.toISOString(),
    })),
    purchases: bought.map(purchaseSummary),
    generations: generations.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    return { text };
  }
}

const idIn = (details: Record<string, unknown>, key: string): string | null =>
  typeof details[key] === 'string' && details[key] ? details[key] : null;

/**
 * Names the user or generation each entry concerns, read now (a renamed user shows the new
 * name); a user who has left since is named by the e-mail the entry kept, as the row no longer
 * holds it.
 */
async function actionTargets(
  db: Database,
  entries: { details: Record<string, unknown> }[],
): Promise<(ActionTarget | null)[]> {
  const userIds = [...new Set(entries.flatMap((entry) => idIn(entry.details, 'userId') ?? []))];
  const generationIds = [
    ...new Set(entries.flatMap((entry) => idIn(entry.details, 'generationId') ?? [])),
  ];
  const [people, generations] = await Promise.all([
    userIds.length > 0
      ? db
          .select({
            id: users.id,
            email: users.email,
            displayName: users.displayName,
            deletedAt: users.deletedAt,
          })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    generationIds.length > 0
      ? db
          .select({ id: faqGenerations.id, title: faqGenerations.title })
          .from(faqGenerations)
          .where(inArray(faqGenerations.id, generationIds))
      : [],
  ]);
  const person = new Map(people.map((row) => [row.id, row]));
  const title = new Map(generations.map((row) => [row.id, row.title]));
  return entries.map(({ details }): ActionTarget | null => {
    const userId = idIn(details, 'userId');
    if (userId) {
      const row = person.get(userId);
      const keptEmail = idIn(details, 'email');
      if (!row || row.deletedAt)
        return {
          kind: 'user',
          id: userId,
          label: keptEmail ?? '削除済みのユーザー',
          deleted: true,
        };
      const name = row.displayName?.trim();
      return {
        kind: 'user',
        id: userId,
        label: name ? `${name}（${row.email}）` : row.email,
        deleted: false,
      };
    }
    const generationId = idIn(details, 'generationId');
    if (generationId) {
      const found = title.get(generationId);
      return {
        kind: 'generation',
        id: generationId,
        label: found ?? '削除済みのFAQ',
        deleted: found === undefined,
      };
    }
    return null;
  });
}

/** The operators' action log, newest first, in pages keyed by time. */
export async function actionLog(
  db: Database,
  query: { limit: number; cursor?: string | undefined },
): Promise<ActionLogPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw badRequest('カーソルが正しくありません');
  const rows = await db
    .select({
      id: adminActionLogs.id,
      adminUserId: adminActionLogs.adminUserId,
      action: adminActionLogs.action,
      details: adminActionLogs.details,
      createdAt: adminActionLogs.createdAt,
      adminUsername: adminUsers.username,
      adminFullName: adminUsers.fullName,
    })
    .from(adminActionLogs)
    .leftJoin(adminUsers, eq(adminUsers.id, adminActionLogs.adminUserId))
    .where(olderThanCursor(adminActionLogs.createdAt, adminActionLogs.id, cursor))
    .orderBy(desc(adminActionLogs.createdAt), desc(adminActionLogs.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit).map((row) => ({
    ...row,
    details: parseDetails(row.details),
  }));
  const targets = await actionTargets(db, page);
  return {
    logs: page.map((row, index) => ({
      id: row.id,
      adminUserId: row.adminUserId,
      adminUsername: row.adminUsername,
      adminName: row.adminFullName?.trim() || row.adminUsername,
      target: targets[index] ?? null,
      action: row.action,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > query.limit ? encodeCursor(page.at(-1)!.createdAt, page.at(-1)!.id) : null,
  };
}
