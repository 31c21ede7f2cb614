import type { CreditTransaction } from '../../../../shared/credits.ts';
import { USAGE_TABLE_PAGE_SIZE } from '../../../../shared/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatSignedCredits } from '../../../lib/format.ts';

/**
 * What each ledger entry is, in the owner's words. The table lists purchases, bonuses and
 * take-backs beside generations, so no column may call every row a consumption; the operator's
 * screens keep their own words (CREDIT_TYPE_LABELS).
 */
const KIND_LABELS: Record<string, string> = {
  signup_bonus: '登録ボーナス',
  referral: '友達紹介ボーナス',
  referral_bonus: '友達紹介ボーナス',
  usage: '消費（FAQ生成）',
  purchase: '購入',
  credit: '運営からの付与',
  debit: '運営による減算',
  refund: '返金（クレジットの取り消し）',
};

export function usageKindLabel(row: Pick<CreditTransaction, 'type' | 'amount'>): string {
  return KIND_LABELS[row.type] ?? (row.amount < 0 ? 'その他（減算）' : 'その他（付与）');
}

export interface UsageTableProps {
  transactions: CreditTransaction[];
  visible: number;
  hasMoreOnServer: boolean;
  loadingMore: boolean;
  onShowMore: () => void;
}

/**
 * docs/spec.md §2: first 20 rows, then 'もっと見る' (which really loads more:
 * docs/product-decisions.md §2).
 */
export function UsageTable({
  transactions,
  visible,
  hasMoreOnServer,
  loadingMore,
  onShowMore,
}: UsageTableProps) {
  const rows = transactions.slice(0, visible);
  const canShowMore = transactions.length > visible || hasMoreOnServer;
  if (transactions.length === 0)
    return <p className="text-sm text-slate-600">利用履歴はまだありません。</p>;
  return (
    <div>
      {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="クレジットの利用履歴">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">クレジットの利用履歴</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                日時
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                種類
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                クレジットの増減
              </th>
              <th scope="col" className="py-2 font-medium">
                詳細
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="whitespace-nowrap py-2 pr-4 text-slate-600">
                  {formatDateTime(row.createdAt)}
                </td>
                <td className="py-2 pr-4">{usageKindLabel(row)}</td>
                <td
                  className={cn(
                    'py-2 pr-4 font-semibold tabular-nums',
                    row.amount < 0 ? 'text-red-700' : 'text-green-700',
                  )}
                >
                  {formatSignedCredits(row.amount)}
                </td>
                <td className="py-2 text-slate-700">{row.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canShowMore && (
        <div className="mt-4 text-center">
          <Button variant="outline" onClick={onShowMore} disabled={loadingMore}>
            {loadingMore && <Spinner label="読み込み中" />}
            もっと見る
          </Button>
        </div>
      )}
    </div>
  );
}

export { USAGE_TABLE_PAGE_SIZE };
