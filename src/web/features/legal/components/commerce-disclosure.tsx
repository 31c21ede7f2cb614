import { PLANS } from '../../../../shared/plans.ts';
import { CARD_ONLY_PAYMENT } from '../../../../shared/prerender-config.ts';
import type { PublicConfig } from '../../../../shared/public-config.ts';
import { formatNumber, formatYen } from '../../../lib/format.ts';

/** 特定商取引法に基づく表記 (docs/spec.md §2 /legal). */
export function CommerceDisclosure({ config }: { config: PublicConfig }) {
  const payment = config.payment ?? CARD_ONLY_PAYMENT;
  const paidPlans = PLANS.filter((plan) => plan.priceYen > 0);
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: '販売業者', value: config.seller.name },
    { label: '運営責任者', value: config.seller.representative },
    { label: '所在地', value: config.seller.address },
    {
      label: '連絡先',
      value: (
        <>
          電話番号：{config.seller.phone}
          <br />
          メールアドレス：
          <a className="text-blue-700 underline" href={`mailto:${config.seller.email}`}>
            {config.seller.email}
          </a>
        </>
      ),
    },
    {
      label: '販売価格',
      value: (
        <ul className="space-y-1">
          {paidPlans.map((plan) => (
            <li key={plan.id}>
              {plan.name}：{formatYen(plan.priceYen)}（税込・{formatNumber(plan.credits)}
              クレジット）
            </li>
          ))}
        </ul>
      ),
    },
    {
      label: '商品代金以外の必要料金',
      value: 'インターネット接続料金・通信料金はお客様のご負担となります。',
    },
    { label: '支払方法', value: payment.methods },
    { label: '支払時期', value: payment.timing },
    { label: '引渡時期', value: 'お支払いの確認後、ただちにクレジットをアカウントに付与します。' },
    {
      label: '返品・キャンセル',
      value:
        'デジタルサービスの性質上、購入後の返品・キャンセル・返金には応じられません。なお、生成に失敗したFAQについてクレジットは消費されません。',
    },
    { label: '動作環境', value: '最新版の Google Chrome、Microsoft Edge、Safari、Firefox' },
  ];
  return (
    <dl className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
      {rows.map((row) => (
        <div key={row.label} className="grid gap-1 p-4 md:grid-cols-[14rem_1fr] md:gap-4">
          <dt className="font-semibold text-slate-700">{row.label}</dt>
          <dd className="text-slate-800">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
