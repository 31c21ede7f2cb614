import { signature, type MailConfig } from '../auth/emails.ts';
import type { OutgoingEmail } from '../notifications/outbox.ts';

export function referralRewardEmail(
  config: MailConfig,
  input: { to: string; amount: number; occasion: 'signup' | 'purchase'; balance: number },
): OutgoingEmail {
  const occasion =
    input.occasion === 'signup'
      ? 'ご紹介いただいた方が新規登録されました。'
      : 'ご紹介いただいた方が初めてクレジットを購入されました。';
  return {
    to: input.to,
    kind: 'referral_reward',
    subject: `【${config.BRAND_NAME}】友達紹介ボーナス${input.amount}クレジットを付与しました`,
    text: [
      `${config.BRAND_NAME}をご紹介いただき、ありがとうございます。`,
      occasion,
      '',
      `紹介ボーナス：${input.amount}クレジット`,
      `現在の残高：${input.balance}クレジット`,
      '',
      '紹介状況は紹介ページでご確認いただけます。',
      `${config.publicUrl}/referrals`,
      ...signature(config),
    ].join('\n'),
  };
}
