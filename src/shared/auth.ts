import { z } from 'zod';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  PASSWORD_MIN_LENGTH,
  REFRESH_TOKEN_TTL_SECONDS,
} from './limits.ts';

/** Accounts API contract: both sides parse with these schemas, so they cannot drift apart. */

export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 50;

/** Trimmed and lower-cased, so 'Taro@Example.JP ' and 'taro@example.jp' are one account. */
export const emailSchema = z
  .string({ error: 'メールアドレスを入力してください' })
  .trim()
  .toLowerCase()
  .min(1, 'メールアドレスを入力してください')
  .max(254, 'メールアドレスが長すぎます')
  .pipe(z.email({ error: 'メールアドレスの形式が正しくありません' }));

export const newPasswordSchema = z
  .string({ error: 'パスワードを入力してください' })
  .min(PASSWORD_MIN_LENGTH, `パスワードは${PASSWORD_MIN_LENGTH}文字以上で入力してください`)
  .max(PASSWORD_MAX_LENGTH, `パスワードは${PASSWORD_MAX_LENGTH}文字以内で入力してください`);

const displayNameSchema = z
  .string({ error: '表示名は文字列で入力してください' })
  .trim()
  .max(DISPLAY_NAME_MAX_LENGTH, `表示名は${DISPLAY_NAME_MAX_LENGTH}文字以内で入力してください`);

/** Only files our own avatar upload produced (same origin, no external hot-linking). */
export const AVATAR_URL_PATTERN =
  /^\/api\/account\/avatar\/[A-Za-z0-9-]{1,64}\/[a-f0-9]{24}\.(png|jpg|webp)$/;

export const signupRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  displayName: displayNameSchema.optional(),
  // A broken referral code must never block sign-up (docs/spec.md §8): anything unusable becomes
  // "no code" instead of a validation error.
  ref: z.string().trim().min(1).max(64).optional().catch(undefined),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'パスワードを入力してください' })
    .min(1, 'パスワードを入力してください')
    .max(PASSWORD_MAX_LENGTH, `パスワードは${PASSWORD_MAX_LENGTH}文字以内で入力してください`),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const refreshRequestSchema = z.object({
  refresh_token: z
    .string({ error: 'リフレッシュトークンが必要です' })
    .min(1, 'リフレッシュトークンが必要です')
    .max(200, 'リフレッシュトークンが正しくありません'),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
export const logoutRequestSchema = refreshRequestSchema;
export type LogoutRequest = RefreshRequest;

/** Exactly the token set of docs/spec.md §3 (signed-in user); times in seconds. */
export const tokenSetSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.literal(ACCESS_TOKEN_TTL_SECONDS),
  refresh_expires_in: z.literal(REFRESH_TOKEN_TTL_SECONDS),
  /** Unix time in seconds. */
  issued_at: z.number().int(),
});
export type TokenSet = z.infer<typeof tokenSetSchema>;
/** @deprecated name kept for existing imports; use TokenSet. */
export type TokenSetResponse = TokenSet;

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  credits: z.number().int(),
  /** ISO 8601 (UTC). */
  createdAt: z.string(),
  /** FAQs actually produced: answers charged across the user's generations. */
  faqCount: z.number().int(),
  /** False until the owner opened the confirmation link; the sign-up bonus waits for it. */
  emailConfirmed: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
/** @deprecated name kept for existing imports; use CurrentUser. */
export type CurrentUserResponse = CurrentUser;

/** signup and login answer with the token set plus the user, saving a round trip to /me. */
export const authResponseSchema = tokenSetSchema.extend({ user: currentUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const updateMeRequestSchema = z.object({
  /** Empty or blank clears the name (the header then falls back to the e-mail). */
  displayName: displayNameSchema.nullable().optional(),
  avatarUrl: z
    .string({ error: 'プロフィール画像のURLが正しくありません' })
    .max(300, 'プロフィール画像のURLが正しくありません')
    .regex(AVATAR_URL_PATTERN, 'プロフィール画像のURLが正しくありません')
    .nullable()
    .optional(),
});
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({
  token: z
    .string({ error: 'リンクが無効か有効期限が切れています' })
    .min(1, 'リンクが無効か有効期限が切れています')
    .max(200, 'リンクが無効か有効期限が切れています'),
  password: newPasswordSchema,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const passwordResetAcceptedSchema = z.object({ ok: z.literal(true) });

export { ACCOUNT_SUSPENDED } from './messages.ts';

const invalidConfirmLink = '確認リンクが無効か有効期限が切れています';
export const confirmEmailRequestSchema = z.object({
  token: z
    .string({ error: invalidConfirmLink })
    .min(1, invalidConfirmLink)
    .max(200, invalidConfirmLink),
});
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;

export const confirmEmailResponseSchema = z.object({
  ok: z.literal(true),
  /** True when the address had been confirmed before (nothing granted this time). */
  alreadyConfirmed: z.boolean(),
  /** The sign-up credits this confirmation granted: 0 for a mailbox that had them before. */
  creditsGranted: z.number().int(),
});
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;

export const resendConfirmationResponseSchema = z.object({
  ok: z.literal(true),
  alreadyConfirmed: z.boolean(),
});

/** Random text the tab that starts a sign-in keeps; only it can exchange the code. */
const signInStateSchema = z
  .string({ error: 'ログイン情報が正しくありません' })
  .min(16, 'ログイン情報が正しくありません')
  .max(200, 'ログイン情報が正しくありません');

export const signInCodeRequestSchema = z.object({ state: signInStateSchema });
export const signInCodeResponseSchema = z.object({
  code: z.string(),
  /** Seconds the code can be exchanged. */
  expires_in: z.number().int(),
});
export const signInCodeExchangeSchema = z.object({
  code: z
    .string({ error: 'ログイン情報が正しくありません' })
    .min(1, 'ログイン情報が正しくありません')
    .max(200, 'ログイン情報が正しくありません'),
  state: signInStateSchema,
});
export type SignInCodeExchange = z.infer<typeof signInCodeExchangeSchema>;
