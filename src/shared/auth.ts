import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './limits.ts';

const email = z
  .string({ error: 'メールアドレスを入力してください' })
  .trim()
  .toLowerCase()
  .max(254, 'メールアドレスが長すぎます')
  .pipe(z.email({ error: 'メールアドレスの形式が正しくありません' }));

const password = z
  .string({ error: 'パスワードを入力してください' })
  .min(PASSWORD_MIN_LENGTH, `パスワードは${PASSWORD_MIN_LENGTH}文字以上で入力してください`)
  .max(128, 'パスワードは128文字以内で入力してください');

export const signupRequestSchema = z.object({
  email,
  password,
  displayName: z.string().trim().max(50, '表示名は50文字以内で入力してください').optional(),
  ref: z.string().trim().max(64).optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email,
  password: z
    .string({ error: 'パスワードを入力してください' })
    .min(1, 'パスワードを入力してください')
    .max(128),
});

export const refreshRequestSchema = z.object({
  refresh_token: z.string({ error: 'リフレッシュトークンが必要です' }).min(1).max(200),
});

/** Exactly the spec's token set (§3 signed-in user). */
export const tokenSetSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  refresh_expires_in: z.number().int(),
  issued_at: z.number().int(),
});
export type TokenSetResponse = z.infer<typeof tokenSetSchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  credits: z.number().int(),
  createdAt: z.string(),
  faqCount: z.number().int(),
});
export type CurrentUserResponse = z.infer<typeof currentUserSchema>;

export const authResponseSchema = tokenSetSchema.extend({ user: currentUserSchema });

export const updateMeRequestSchema = z.object({
  displayName: z
    .string()
    .trim()
    .max(50, '表示名は50文字以内で入力してください')
    .nullable()
    .optional(),
  avatarUrl: z
    .string()
    .max(300)
    .regex(
      /^\/api\/account\/avatar\/[A-Za-z0-9-]+\/[A-Za-z0-9_-]+\.(png|jpg|webp)$/,
      'プロフィール画像のURLが正しくありません',
    )
    .nullable()
    .optional(),
});

export const passwordResetRequestSchema = z.object({ email });
export const passwordResetConfirmSchema = z.object({
  token: z.string().min(10).max(200),
  password,
});
