import type { OutgoingEmail } from '../notifications/outbox.ts';
import { type MailConfig, signature } from '../auth/emails.ts';

/*
 * Mails about changes the owner made to their account. Fixed text only: nothing a user typed
 * (a display name, the other address) reaches an inbox, so they cannot carry a stranger's words.
 */

export const EMAIL_CHANGE_TTL_HOURS = 24;

export function passwordChangedEmail(config: MailConfig, to: string): OutgoingEmail {
  return {
    to,
    kind: 'password_changed',
    subject: `【${config.BRAND_NAME}】パスワードが変更されました`,
    text: [
      `${config.BRAND_NAME}のアカウントのパスワードが変更されました。`,
      'この操作を行った画面以外では、すべてログアウトしています。',
      '',
      'お心当たりがない場合は、ログイン画面の「パスワードをお忘れの方」からすぐにパスワードを再設定し、お問い合わせ先までご連絡ください。',
      `${config.publicUrl}/auth`,
      ...signature(config),
    ].join('\n'),
  };
}

/** To the new address: the one link that moves the account to it. */
export function emailChangeLinkEmail(config: MailConfig, to: string, token: string): OutgoingEmail {
  const link = `${config.publicUrl}/account/email/confirm?token=${encodeURIComponent(token)}`;
  return {
    to,
    kind: 'email_change',
    subject: `【${config.BRAND_NAME}】メールアドレス変更の確認`,
    text: [
      `${config.BRAND_NAME}のアカウントのメールアドレスを、このアドレスに変更するお申し込みがありました。`,
      `下記のリンクを${EMAIL_CHANGE_TTL_HOURS}時間以内に開いて、変更を完了してください（変更を申し込んだアカウントでのログインが必要です）。`,
      '',
      link,
      '',
      'リンクは一度だけ使えます。お心当たりがない場合は、このまま破棄してください。',
      ...signature(config),
    ].join('\n'),
  };
}

/** To the current address, whether or not the new one could be used. */
export function emailChangeNoticeEmail(config: MailConfig, to: string): OutgoingEmail {
  return {
    to,
    kind: 'email_change_notice',
    subject: `【${config.BRAND_NAME}】メールアドレス変更のお申し込み`,
    text: [
      `${config.BRAND_NAME}のアカウントで、メールアドレス変更のお申し込みがありました。`,
      '新しいアドレスに届く確認リンクを開くまで、メールアドレスは変更されません。',
      '',
      'お心当たりがない場合は、パスワードを変更し、お問い合わせ先までご連絡ください。',
      `${config.publicUrl}/account`,
      ...signature(config),
    ].join('\n'),
  };
}

/** To a new address that already has an account: no link, nothing changes. */
export function emailChangeExistingEmail(config: MailConfig, to: string): OutgoingEmail {
  return {
    to,
    kind: 'email_change_existing',
    subject: `【${config.BRAND_NAME}】メールアドレス変更のお申し込みについて`,
    text: [
      `${config.BRAND_NAME}の別のアカウントから、メールアドレスをこのアドレスに変更するお申し込みがありましたが、`,
      'このアドレスは既に登録されているため、変更できません。どちらのアカウントにも変更はありません。',
      '',
      'お心当たりがない場合は、このまま破棄してください。',
      ...signature(config),
    ].join('\n'),
  };
}
