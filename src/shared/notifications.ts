import { z } from 'zod';

export const EMAIL_BODY_REQUIRED = '本文（html または text）を入力してください';

const address = z.email('有効なメールアドレスを入力してください').max(254);

/** POST /api/notifications/{project}/email — operators only, never an open relay. */
export const sendEmailRequestSchema = z
  .object({
    to: z.union([address, z.array(address).min(1).max(50, '宛先は50件までです')]),
    subject: z.string().trim().min(1, '件名を入力してください').max(200, '件名が長すぎます'),
    html: z.string().max(200_000, '本文が長すぎます').optional(),
    text: z.string().max(200_000, '本文が長すぎます').optional(),
  })
  .refine((value) => Boolean(value.html?.trim() || value.text?.trim()), {
    message: EMAIL_BODY_REQUIRED,
    path: ['text'],
  });
export type SendEmailRequest = z.infer<typeof sendEmailRequestSchema>;

export const emailStatusSchema = z.enum(['pending', 'sending', 'sent', 'failed', 'stored']);

export const sendEmailResponseSchema = z.object({
  ids: z.array(z.string()),
  /** stored: no SMTP configured; the messages wait in the outbox for admins to read. */
  delivery: z.enum(['smtp', 'outbox']),
});
export type SendEmailResponse = z.infer<typeof sendEmailResponseSchema>;

export const outboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: emailStatusSchema,
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxDetailSchema = outboxEntrySchema.extend({
  text: z.string().nullable(),
  /** The HTML source as text: the admin screen shows it, never renders it. */
  html: z.string().nullable(),
});
export type OutboxDetail = z.infer<typeof outboxDetailSchema>;

export const outboxListSchema = z.object({
  emails: z.array(outboxEntrySchema),
  smtpConfigured: z.boolean(),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

export const outboxQuerySchema = z.object({
  status: emailStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const EMAIL_KIND_LABELS: Record<string, string> = {
  welcome: '登録完了',
  email_confirmation: 'メールアドレス確認',
  signup_existing: '登録済みアドレスへの登録',
  password_reset: 'パスワード再設定',
  purchase_receipt: '購入明細',
  referral_reward: '紹介ボーナス',
  other: 'お知らせ',
};

export const EMAIL_STATUS_LABELS: Record<z.infer<typeof emailStatusSchema>, string> = {
  pending: '送信待ち',
  sending: '送信中',
  sent: '送信済み',
  failed: '送信失敗',
  stored: '保管（SMTP未設定）',
};
