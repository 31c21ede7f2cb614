import { z } from 'zod';
import { purchaseSchema } from './payments.ts';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日付はYYYY-MM-DD形式で指定してください')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00+09:00`)), {
    message: '日付が正しくありません',
  });

/** Sales by Japanese calendar day or month; `from`/`to` are Japan dates, both included. */
export const salesQuerySchema = z
  .object({
    period: z
      .enum(['day', 'month'], { error: '集計単位は日または月を指定してください' })
      .default('day'),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: '開始日は終了日以前の日付を指定してください',
    path: ['from'],
  });
export type SalesQuery = z.infer<typeof salesQuerySchema>;

const salesFigures = z.object({
  purchases: z.number().int(),
  grossYen: z.number().int(),
  taxYen: z.number().int(),
  refunds: z.number().int(),
  refundedYen: z.number().int(),
  netYen: z.number().int(),
});
export type SalesFigures = z.infer<typeof salesFigures>;

export const salesReportSchema = z.object({
  period: z.enum(['day', 'month']),
  from: z.string(),
  to: z.string(),
  rows: z.array(salesFigures.extend({ label: z.string() })),
  totals: salesFigures,
});
export type SalesReport = z.infer<typeof salesReportSchema>;

/**
 * The 売上 list of single purchases. `paid` (the default) are those the figures above it count,
 * by the Japan day they were paid; the others by the day checkout was opened.
 */
export const adminPurchaseQuerySchema = z
  .object({
    status: z
      .enum(['paid', 'pending', 'failed', 'all'], {
        error: '状態は支払い済み・支払い待ち・失敗・すべてのいずれかを指定してください',
      })
      .default('paid'),
    from: isoDate.optional(),
    to: isoDate.optional(),
    limit: z.coerce
      .number({ error: '件数は数値で指定してください' })
      .int('件数は整数で指定してください')
      .min(1, '件数は1以上で指定してください')
      .max(100, '件数は100以下で指定してください')
      .default(50),
    /** The opaque cursor of the previous page (`nextCursor`): older purchases follow. */
    cursor: z.string().max(200).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: '開始日は終了日以前の日付を指定してください',
    path: ['from'],
  });
export type AdminPurchaseQuery = z.infer<typeof adminPurchaseQuerySchema>;

export const adminPurchaseSchema = z.object({
  id: z.string(),
  /** When checkout was opened. */
  createdAt: z.string(),
  /** When it was paid; null while pending or after a failure. */
  completedAt: z.string().nullable(),
  userId: z.string(),
  /** Display name and e-mail; a user who left is not named (their address is gone). */
  userLabel: z.string(),
  userDeleted: z.boolean(),
  planId: z.string(),
  planName: z.string(),
  amountYen: z.number().int(),
  taxYen: z.number().int(),
  credits: z.number().int(),
  /** stripe or demo. */
  provider: z.string(),
  /** pending, completed, failed, refunded, partially_refunded. */
  status: z.string(),
  refundedYen: z.number().int(),
});
export type AdminPurchase = z.infer<typeof adminPurchaseSchema>;

export const adminPurchasePageSchema = z.object({
  purchases: z.array(adminPurchaseSchema),
  nextCursor: z.string().nullable(),
});
export type AdminPurchasePage = z.infer<typeof adminPurchasePageSchema>;

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: '支払い待ち',
  completed: '支払い済み',
  failed: '失敗',
  refunded: '返金済み',
  partially_refunded: '一部返金',
};

export const PAYMENT_PROVIDER_LABELS: Record<string, string> = {
  stripe: 'Stripe',
  demo: 'デモ決済',
};

/** One user's own records, for the operator's detail dialog. */
export const adminUserHistorySchema = z.object({
  ledger: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      amount: z.number().int(),
      description: z.string(),
      internalNote: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  purchases: z.array(purchaseSchema.omit({ receiptUrl: true })),
  generations: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      method: z.string(),
      status: z.string(),
      creditsUsed: z.number().int(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminUserHistory = z.infer<typeof adminUserHistorySchema>;

export const actionLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The opaque cursor of the previous page (`nextCursor`): older entries follow. */
  cursor: z.string().max(200).optional(),
});

/** Whom or what an action concerned, named for people; the id stays for support. */
export const actionTargetSchema = z.object({
  kind: z.enum(['user', 'generation']),
  id: z.string(),
  /** A user's display name and e-mail, or a generation's title. */
  label: z.string(),
  /** The user left (or the record was deleted) since: the label is what the log kept. */
  deleted: z.boolean(),
});
export type ActionTarget = z.infer<typeof actionTargetSchema>;

export const actionLogSchema = z.object({
  logs: z.array(
    z.object({
      id: z.string(),
      adminUserId: z.string(),
      adminUsername: z.string().nullable(),
      /** The administrator's full name when set, else the login name; null once removed. */
      adminName: z.string().nullable(),
      target: actionTargetSchema.nullable(),
      action: z.string(),
      details: z.record(z.string(), z.unknown()),
      createdAt: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type ActionLogPage = z.infer<typeof actionLogSchema>;

export const ADMIN_ACTION_LABELS: Record<string, string> = {
  login: 'ログイン',
  password_change: 'パスワード変更',
  credit_adjustment: 'クレジット調整',
  user_suspension: '利用停止',
  user_reinstatement: '利用停止の解除',
  user_deletion: 'ユーザー削除',
};
