import { z } from 'zod';
import { emailSchema, newPasswordSchema, PASSWORD_MAX_LENGTH } from './auth.ts';

/** What a signed-in user controls about their own account: password, address, deletion. */

const currentPasswordSchema = z
  .string({ error: '現在のパスワードを入力してください' })
  .min(1, '現在のパスワードを入力してください')
  .max(PASSWORD_MAX_LENGTH, '現在のパスワードが正しくありません');

export const WRONG_CURRENT_PASSWORD = '現在のパスワードが正しくありません';

export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const emailChangeRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  newEmail: emailSchema,
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** The same answer whether or not the new address already has an account. */
export const emailChangeAcceptedSchema = z.object({ ok: z.literal(true) });

export const INVALID_EMAIL_CHANGE_LINK =
  '確認リンクが無効です。メールのリンクをもう一度ご確認ください';
export const EXPIRED_EMAIL_CHANGE_LINK =
  '確認リンクの有効期限が切れています。アカウント設定からもう一度お申し込みください';
export const USED_EMAIL_CHANGE_LINK = 'この確認リンクは既に使用されています';
export const FOREIGN_EMAIL_CHANGE_LINK =
  'この確認リンクは別のアカウントのものです。変更を申し込んだアカウントでログインしてから開いてください';

export const emailChangeConfirmSchema = z.object({
  token: z
    .string({ error: INVALID_EMAIL_CHANGE_LINK })
    .min(1, INVALID_EMAIL_CHANGE_LINK)
    .max(200, INVALID_EMAIL_CHANGE_LINK),
});
export type EmailChangeConfirm = z.infer<typeof emailChangeConfirmSchema>;

export const emailChangeConfirmedSchema = z.object({
  ok: z.literal(true),
  /** The address the account now has. */
  email: z.string(),
});
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>;

/** Typed by the user before the account is deleted (checked on both sides). */
export const DELETE_ACCOUNT_CONFIRMATION = '削除する';

export const deleteAccountRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  confirmation: z.literal(DELETE_ACCOUNT_CONFIRMATION, {
    error: `確認のため「${DELETE_ACCOUNT_CONFIRMATION}」と入力してください`,
  }),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/**
 * GET /api/account/deletion-preview: what deleting the account gives up. `paidCredits` is the
 * part of the balance that was bought (free credits counted as spent first, so it is the most
 * that can be paid credits); the rest came free.
 */
export const deletionPreviewSchema = z.object({
  credits: z.number().int(),
  paidCredits: z.number().int(),
});
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;
