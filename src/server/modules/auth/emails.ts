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

/**
 * Sent once the address is confirmed. No display name: whoever signs up chooses it, and mail
 * must not carry a stranger's words to an inbox (only our own fixed text reaches anyone).
 */
export function welcomeEmail(
  config: MailConfig,
  to: string,
  creditsGranted: number,
): OutgoingEmail {
  return {
    to,
    kind: 'welcome',
    subject: `【${config.BRAND_NAME}】ご登録ありがとうございます`,
    text: [
      'お客様',
      '',
      `${config.BRAND_NAME}にご登録いただき、ありがとうございます。`,
      ...bonusLines(creditsGranted),
      '',
      'さっそくFAQを作成してみましょう。',
      `${config.publicUrl}/generate`,
      '',
      'このメールに心当たりがない場合は、お手数ですがお問い合わせ先までご連絡ください。',
      ...signature(config),
    ].join('\n'),
  };
}

/** What the confirmation gave, exactly: nothing is claimed for a mailbox that had its bonus. */
function bonusLines(creditsGranted: number): string[] {
  return creditsGranted > 0
    ? [`登録特典として${creditsGranted}クレジットをお付けしました（FAQ1件につき1クレジット）。`]
    : [
        'このメールアドレスは以前に登録特典を受け取っているため、今回クレジットの付与はありません',
        '（登録特典は1つのメールアドレスにつき1回です）。',
      ];
}

export const EMAIL_CONFIRMATION_TTL_HOURS = 72;

/** Sign-up's only mail, before the address is known to be the user's: fixed text only. */
export function emailConfirmationEmail(
  config: MailConfig,
  to: string,
  token: string,
  /** The bonus this mailbox can still earn: 0 when it had it before (ADR 023). */
  bonusCredits: number,
): OutgoingEmail {
  const link = `${config.publicUrl}/auth/confirm-email?token=${encodeURIComponent(token)}`;
  return {
    to,
    kind: 'email_confirmation',
    subject: `【${config.BRAND_NAME}】メールアドレスの確認`,
    text: [
      `${config.BRAND_NAME}へのご登録ありがとうございます。`,
      `下記のリンクを${EMAIL_CONFIRMATION_TTL_HOURS}時間以内に開いて、メールアドレスの確認を完了してください。`,
      bonusCredits > 0
        ? `確認が完了すると、登録特典の${bonusCredits}クレジットをお付けします。`
        : 'このメールアドレスは以前に登録特典を受け取っているため、確認後のクレジットの付与はありません。',
      '',
      link,
      '',
      'このメールに心当たりがない場合は、このまま破棄してください。',
      ...signature(config),
    ].join('\n'),
  };
}

/** Someone tried to sign up with an address that already has an account. */
export function signupExistingEmail(config: MailConfig, to: string): OutgoingEmail {
  return {
    to,
    kind: 'signup_existing',
    subject: `【${config.BRAND_NAME}】新規登録のお申し込みについて`,
    text: [
      `このメールアドレスで${config.BRAND_NAME}への新規登録のお申し込みがありましたが、`,
      'このアドレスは既に登録されています。',
      '',
      'ご本人のお申し込みでしたら、下記からログインしてください。',
      `${config.publicUrl}/auth`,
      'パスワードをお忘れの場合は、ログイン画面の「パスワードをお忘れの方」から再設定できます。',
      '',
      'お心当たりがない場合は、このまま破棄してください。アカウントに変更はありません。',
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
