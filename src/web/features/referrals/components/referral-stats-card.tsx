import type { ReferralSummary } from '../../../../shared/referrals.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatNumber } from '../../../lib/format.ts';

export function ReferralStatsCard({ stats }: { stats: ReferralSummary['stats'] }) {
  const items = [
    { label: '紹介した人数', value: stats.totalReferrals },
    { label: '登録につながった紹介', value: stats.successfulReferrals },
    { label: '登録ボーナス', value: stats.signupBonuses },
    { label: '獲得クレジット', value: stats.creditsEarned },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>紹介の実績</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {items.map((item) => (
            <div key={item.label} className="rounded-lg bg-slate-50 p-4">
              <dt className="text-xs text-slate-600">{item.label}</dt>
              <dd className="mt-1 text-xl font-bold">{formatNumber(item.value)}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
