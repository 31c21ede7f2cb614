import { useState } from 'react';
import { FileDown } from 'lucide-react';
import type { Purchase } from '../../../../shared/payments.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime, formatNumber, formatYen } from '../../../lib/format.ts';
import { downloadReceipt, usePurchases } from '../api/purchases.ts';
import { showError } from '../../../lib/show-error.ts';

const STATUS_LABELS: Record<Purchase['status'], string> = {
  completed: '支払い済み',
  refunded: '返金済み',
  partially_refunded: '一部返金済み',
};

/** Paid purchases with their 領収書 (refunded ones stay listed, marked as such). */
export function PurchaseHistory() {
  const purchases = usePurchases();
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(purchase: Purchase) {
    setDownloading(purchase.id);
    try {
      await downloadReceipt(purchase);
    } catch (error) {
      showError(error, '領収書のダウンロードに失敗しました');
    } finally {
      setDownloading(null);
    }
  }

  if (purchases.isPending) return <Spinner label="読み込み中…" />;
  if (purchases.isError)
    return (
      <p role="alert" className="text-red-700">
        購入履歴を読み込めませんでした。
      </p>
    );
  if (purchases.data.length === 0)
    return <p className="text-sm text-slate-600">購入履歴はまだありません。</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">購入履歴</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              日時
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              プラン
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              金額（税込）
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              状態
            </th>
            <th scope="col" className="py-2 font-medium">
              領収書
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {purchases.data.map((purchase) => (
            <tr key={purchase.id} data-testid="purchase-row">
              <td className="whitespace-nowrap py-2 pr-4 text-slate-600">
                {formatDateTime(purchase.completedAt)}
              </td>
              <td className="py-2 pr-4">
                {purchase.planName}（{formatNumber(purchase.credits)}クレジット）
              </td>
              <td className="whitespace-nowrap py-2 pr-4 text-right tabular-nums">
                {formatYen(purchase.amountYen)}
                <span className="block text-xs text-slate-600">
                  内消費税 {formatYen(purchase.taxYen)}
                </span>
              </td>
              <td className="whitespace-nowrap py-2 pr-4">
                <span className={purchase.status === 'completed' ? '' : 'text-red-700'}>
                  {STATUS_LABELS[purchase.status]}
                </span>
              </td>
              <td className="py-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={downloading === purchase.id}
                  aria-label={`${formatDateTime(purchase.completedAt)}の領収書をダウンロード`}
                  onClick={() => void download(purchase)}
                >
                  <FileDown aria-hidden="true" className="h-4 w-4" />
                  領収書
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
