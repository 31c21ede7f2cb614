import type { ReferralSummary } from '../../../../shared/referrals.ts';
import { formatDateTime } from '../../../lib/format.ts';

export function ReferralHistory({ history }: { history: ReferralSummary['history'] }) {
  if (history.length === 0)
    return <p className="text-sm text-slate-600">まだ紹介履歴はありません。</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">紹介履歴</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              登録した方
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              登録日時
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              ステータス
            </th>
            <th scope="col" className="py-2 font-medium">
              獲得クレジット
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {history.map((row) => (
            <tr key={row.id}>
              <td className="py-2 pr-4">
                {row.referred ?? <span className="text-slate-500">退会したユーザー</span>}
              </td>
              <td className="whitespace-nowrap py-2 pr-4">{formatDateTime(row.createdAt)}</td>
              <td className="py-2 pr-4">{row.statusLabel}</td>
              <td className="py-2 font-semibold text-green-600">+{row.creditsReceived}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
