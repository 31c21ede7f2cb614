import { useState } from 'react';
import {
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_STATUS_LABELS,
  type AdminPurchase,
} from '../../../../shared/admin-records.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime, formatNumber, formatYen } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/show-error.ts';
import { usePurchases, type PurchaseFilter } from '../api/admin-records-api.ts';

const selectClass = 'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm';

const STATUS_FILTERS: { value: PurchaseFilter['status']; label: string }[] = [
  { value: 'paid', label: '支払い済み（返金を含む）' },
  { value: 'pending', label: '支払い待ち' },
  { value: 'failed', label: '失敗' },
  { value: 'all', label: 'すべて' },
];

function StatusCell({ purchase }: { purchase: AdminPurchase }) {
  const label = PAYMENT_STATUS_LABELS[purchase.status] ?? purchase.status;
  return (
    <>
      {label}
      {purchase.refundedYen > 0 && (
        <span className="block text-xs text-slate-500">返金 {formatYen(purchase.refundedYen)}</span>
      )}
    </>
  );
}

/**
 * The single purchases behind the 売上 figures, for the same Japan dates: who bought which pack,
 * for how much, and where the payment stands. Paid ones are dated by payment, others by order.
 */
export function SalesPurchases({ from, to }: { from: string; to: string }) {
  const [status, setStatus] = useState<PurchaseFilter['status']>('paid');
  const purchases = usePurchases({ status, from, to });
  const rows = purchases.data?.pages.flatMap((page) => page.purchases) ?? [];
  return (
    <section className="space-y-3" aria-labelledby="sales-purchases-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="sales-purchases-heading" className="text-base font-semibold">
            購入の明細
          </h3>
          <p className="text-sm text-slate-600">
            {from}〜{to}（日本時間）。支払い済みは支払日、それ以外は注文日で並べています。
          </p>
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          状態
          <select
            className={selectClass}
            value={status}
            onChange={(event) => setStatus(event.target.value as PurchaseFilter['status'])}
          >
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {purchases.isPending && <Spinner label="購入の明細を読み込み中" />}
      {purchases.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(purchases.error, '購入の明細を読み込めませんでした')}
        </p>
      )}
      {purchases.data && rows.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          この期間の購入はありません
        </p>
      )}
      {rows.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[52rem] text-sm">
            <caption className="sr-only">
              {from}から{to}までの購入の明細
            </caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  日時
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  ユーザー
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  パック
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  金額（税込）
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  クレジット
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  決済
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  状態
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((purchase) => (
                <tr key={purchase.id} data-testid="sales-purchase-row">
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">
                    {formatDateTime(purchase.completedAt ?? purchase.createdAt)}
                  </td>
                  <td className="break-all px-3 py-2">
                    <span title={`ユーザーID: ${purchase.userId}`}>{purchase.userLabel}</span>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{purchase.planName}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatYen(purchase.amountYen)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatNumber(purchase.credits)}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {PAYMENT_PROVIDER_LABELS[purchase.provider] ?? purchase.provider}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <StatusCell purchase={purchase} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {purchases.hasNextPage && (
        <Button
          variant="outline"
          disabled={purchases.isFetchingNextPage}
          onClick={() => void purchases.fetchNextPage()}
        >
          もっと見る
        </Button>
      )}
    </section>
  );
}
