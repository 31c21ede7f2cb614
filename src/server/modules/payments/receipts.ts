import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { japanDay } from '../../../shared/japan-time.ts';
import { findPlan } from '../../../shared/plans.ts';
import { includedTaxYen, TAX_RATE_PERCENT, type Purchase } from '../../../shared/payments.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { billingProfiles, payments } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import type { ReceiptContent } from './receipt-pdf.ts';

type PaymentRow = typeof payments.$inferSelect;

/** 「FAQ工房 ライトプラン（100クレジット）」 as receipts and e-mails name a pack. */
export function packName(brand: string, payment: Pick<PaymentRow, 'planId' | 'credits'>): string {
  const plan = findPlan(payment.planId);
  return `${brand} ${plan?.name ?? payment.planId}プラン（${payment.credits}クレジット）`;
}

/** R-20261125-1A2B3C4D: the transaction's Japan date and the payment id's start. */
export function receiptNumber(payment: Pick<PaymentRow, 'id' | 'completedAt'>): string {
  const day = japanDay(payment.completedAt ?? new Date()).replaceAll('-', '');
  return `R-${day}-${payment.id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

export function refundNote(payment: Pick<PaymentRow, 'status' | 'refundedYen'>): string | null {
  if (payment.status === 'refunded') return '※ この取引は全額返金済みです。';
  if (payment.status === 'partially_refunded')
    return payment.refundedYen > 0
      ? `※ この取引は一部返金済みです（返金額 ¥${payment.refundedYen.toLocaleString('ja-JP')}）。`
      : '※ この取引は一部返金済みです。';
  return null;
}

const RECEIPTED = isNotNull(payments.completedAt);

/** The buyer's purchases that were paid (including those later refunded), newest first. */
export async function listPurchases(db: Database, userId: string): Promise<Purchase[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), RECEIPTED))
    .orderBy(desc(payments.completedAt));
  return rows.map((row) => ({
    ...purchaseSummary(row),
    receiptUrl: `/api/payments/${row.id}/receipt.pdf`,
  }));
}

/** A paid purchase as the buyer and the operator see it: the pack, the tax in it, refunds. */
export function purchaseSummary(row: PaymentRow): Omit<Purchase, 'receiptUrl'> {
  return {
    id: row.id,
    planId: row.planId,
    planName: findPlan(row.planId)?.name ?? row.planId,
    credits: row.credits,
    amountYen: row.amountYen,
    taxYen: includedTaxYen(row.amountYen),
    status:
      row.status === 'refunded' || row.status === 'partially_refunded' ? row.status : 'completed',
    refundedYen: row.refundedYen,
    completedAt: row.completedAt!.toISOString(),
  };
}

/**
 * Issues (or re-prints) the receipt of one of the user's paid purchases. The 宛名 and the
 * issue date are fixed at the first issue that printed a name, so the copy the buyer filed
 * and a later download agree; until a name is set, each download is a fresh issue.
 */
export async function issueReceipt(
  db: Database,
  config: Config,
  userId: string,
  paymentId: string,
): Promise<ReceiptContent> {
  const payment = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.userId, userId), RECEIPTED));
    if (!row) throw notFound('領収書が見つかりません');
    if (row.receiptName !== null) return row;
    const [profile] = await tx
      .select({ name: billingProfiles.name })
      .from(billingProfiles)
      .where(eq(billingProfiles.userId, userId));
    const [issued] = await tx
      .update(payments)
      .set({ receiptIssuedAt: new Date(), receiptName: profile?.name ?? null })
      .where(and(eq(payments.id, row.id), isNull(payments.receiptName)))
      .returning();
    return issued ?? row;
  });
  return {
    number: receiptNumber(payment),
    issuedAt: payment.receiptIssuedAt ?? new Date(),
    transactionAt: payment.completedAt!,
    buyerName: payment.receiptName,
    itemName: packName(config.BRAND_NAME, payment),
    amountYen: payment.amountYen,
    taxYen: includedTaxYen(payment.amountYen),
    taxRatePercent: TAX_RATE_PERCENT,
    seller: {
      name: config.SELLER_NAME,
      address: config.SELLER_ADDRESS,
      phone: config.SELLER_PHONE,
      email: config.SUPPORT_EMAIL,
      registrationNumber: config.sellerRegistrationNumber,
    },
    note: refundNote(payment),
  };
}
