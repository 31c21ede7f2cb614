import { includedTaxYen, TAX_RATE_PERCENT } from '../../../shared/payments.ts';
import type { Config } from '../../config.ts';
import { formatJapanDate } from '../../../shared/japan-time.ts';
import { formatYenPlain } from '../../lib/format.ts';
import { signature, type MailConfig } from '../auth/emails.ts';
import { packName } from './receipts.ts';

export type PurchaseMailConfig = MailConfig &
  Pick<Config, 'SELLER_NAME' | 'sellerRegistrationNumber'>;

/** The purchase mail carries the receipt's figures, so the two always agree. */
export function purchaseEmailText(
  config: PurchaseMailConfig,
  payment: {
    planId: string;
    credits: number;
    amountYen: number;
    completedAt: Date | null;
  },
  balance: number,
): string {
  return [
    'クレジットのご購入ありがとうございます。',
    '',
    `品目：${packName(config.BRAND_NAME, payment)}`,
    `取引日：${formatJapanDate(payment.completedAt ?? new Date())}`,
    `金額：${formatYenPlain(payment.amountYen)}（税込）`,
    `（${TAX_RATE_PERCENT}%対象 ${formatYenPlain(payment.amountYen)}、内消費税 ${formatYenPlain(includedTaxYen(payment.amountYen))}）`,
    `付与クレジット：${payment.credits}`,
    `現在の残高：${balance}クレジット`,
    '',
    `販売者：${config.SELLER_NAME}`,
    ...(config.sellerRegistrationNumber ? [`登録番号：${config.sellerRegistrationNumber}`] : []),
    '',
    '領収書（PDF）はクレジットページの購入履歴からダウンロードいただけます。',
    '宛名はダウンロードの前に同じページで設定できます。',
    `${config.publicUrl}/credits`,
    ...signature(config),
  ].join('\n');
}
