import { SIGNUP_BONUS_CREDITS } from '../../../shared/limits.ts';
import type { Config } from '../../config.ts';
import type { OutgoingEmail } from '../notifications/outbox.ts';

export type MailConfig = Pick<Config, 'BRAND_NAME' | 'publicUrl' | 'SUPPORT_EMAIL'>;

export function signature(config: MailConfig): string[] {
  return [
    '',
    '――',
    config.BRAND_NAME,
    config.publicUrl,
    `お問い合わせ: ${config.SUPPORT_EMAIL}`,
    '※このメールは送信専用アドレスから送信しています。',
  ];
}

export function welcomeEmail(
  config: MailConfig,
  to: string,
  displayName: string | null,
): OutgoingEmail {
  return {
    to,
    kind: 'welcome',
    subject: `【${config.BRAND_NAME}】ご登録ありがとうございます`,
    text: [
      `${displayName ?? to} 様`,
      '',
      `${config.BRAND_NAME}にご登録いただき、ありがとうございます。`,
      `登録特典として${SIGNUP_BONUS_CREDITS}クレジットをお付けしました（FAQ1件につき1クレジット）。`,
      '',
      'さっそくFAQを作成してみましょう。',
      `${config.publicUrl}/generate`,
      '',
      'このメールに心当たりがない場合は、お手数ですがお問い合わせ先までご連絡ください。',
      ...signature(config),
    ].join('\n'),
  };
}

export const PASSWORD_RESET_TTL_MINUTES = 60;

export function passwordResetEmail(config: MailConfig, to: string, token: string): OutgoingEmail {
  const link = `${config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    kind: 'password_reset',
    subject: `【${config.BRAND_NAME}】パスワード再設定のご案内`,
    text: [
      'パスワード再設定のお申し込みを受け付けました。',
      `下記のリンクから${PASSWORD_RESET_TTL_MINUTES}分以内に新しいパスワードを設定してください。`,
      '',
      link,
      '',
      'リンクは一度だけ使えます。有効期限が切れた場合は、もう一度お申し込みください。',
      'このメールに心当たりがない場合は、このまま破棄してください。パスワードは変更されません。',
      ...signature(config),
    ].join('\n'),
  };
}
