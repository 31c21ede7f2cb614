import { z } from 'zod';

export const creditTransactionSchema = z.object({
  id: z.string(),
  type: z.string(),
  amount: z.number().int(),
  description: z.string(),
  createdAt: z.string(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

export const creditsResponseSchema = z.object({
  balance: z.number().int(),
  /** Held for generations in progress; spendable = balance - reserved. */
  reserved: z.number().int(),
  transactions: z.array(creditTransactionSchema),
  nextCursor: z.string().nullable(),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

export const creditsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(50),
});

/** How each ledger type reads in the usage table (方法 column). */
export const CREDIT_TYPE_LABELS: Record<string, string> = {
  signup_bonus: '登録ボーナス',
  referral: '友達紹介',
  referral_bonus: '友達紹介ボーナス',
  usage: 'FAQ生成',
  purchase: '購入',
  credit: '管理者による付与',
  debit: '管理者による減算',
  refund: '返金',
  others: 'その他',
};
