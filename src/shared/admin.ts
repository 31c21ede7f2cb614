import { z } from 'zod';

export const ADMIN_INVALID_CREDENTIALS = 'ユーザー名またはパスワードが正しくありません';
export const ADMIN_LOGIN_FAILED = 'ログインに失敗しました。しばらくしてから再試行してください。';
export const ADMIN_DEFAULT_REASON = '管理者による調整';
/** What the customer reads for an adjustment unless the operator writes a description. */
export const ADMIN_ADJUSTMENT_CUSTOMER_DEFAULT = '運営による調整';

export const adminLoginRequestSchema = z.object({
  username: z
    .string({ error: 'ユーザー名を入力してください' })
    .trim()
    .min(1, 'ユーザー名を入力してください')
    .max(100),
  password: z
    .string({ error: 'パスワードを入力してください' })
    .min(1, 'パスワードを入力してください')
    .max(200),
});

export const adminProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.string(),
  loginAt: z.string(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

export const adminLoginResponseSchema = z.object({
  token: z.string(),
  expiresIn: z.number().int(),
  admin: adminProfileSchema,
});

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalGenerations: z.number().int(),
  generationsLast24h: z.number().int(),
  activeUsers: z.number().int(),
  totalCreditsConsumed: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
});

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  credits: z.number().int(),
  faqCount: z.number().int(),
  creditsUsed: z.number().int(),
  referralCount: z.number().int(),
  lastActivity: z.string(),
  active: z.boolean(),
  /** 利用停止中 (reversible by an operator). */
  suspended: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListSchema = z.object({ users: z.array(adminUserRowSchema) });

/** The user's balance after an adjustment, and which way it went. */
export const creditAdjustmentResultSchema = z.object({
  balance: z.number().int(),
  type: z.enum(['credit', 'debit']),
  amount: z.number().int(),
});

export const suspensionResultSchema = z.object({ suspended: z.boolean() });

export const creditAdjustmentSchema = z.object({
  amount: z
    .number({ error: 'クレジット数を入力してください' })
    .int('クレジット数は整数で入力してください')
    .refine((value) => value !== 0, '0以外のクレジット数を入力してください')
    .refine((value) => Math.abs(value) <= 1_000_000, 'クレジット数が大きすぎます'),
  /** Internal note for operators (admin log and ledger note); never shown to the customer. */
  reason: z.string().trim().max(200).optional(),
  /** What the customer sees in their usage history; blank = 「運営による調整」. */
  customerDescription: z.string().trim().max(100).optional(),
});

export const suspensionRequestSchema = z.object({
  suspended: z.boolean({ error: '利用停止するかどうかを指定してください' }),
});

export const adminPasswordSchema = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(8, 'パスワードは8文字以上で入力してください').max(128),
});

export const loginHintSchema = z.object({
  showDefaultCredentials: z.boolean(),
  username: z.string().optional(),
  password: z.string().optional(),
});
