import { useState } from 'react';
import { Download } from 'lucide-react';
import type { SalesFigures } from '../../../../shared/admin-records.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatNumber, formatYen } from '../../../lib/format.ts';
import { downloadSalesCsv, useSales, type SalesFilter } from '../api/admin-records-api.ts';
import { errorMessage, showError } from '../../../lib/show-error.ts';
import { SalesPurchases } from './sales-purchases.tsx';

const selectClass = 'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm';

function FigureCells({ figures }: { figures: SalesFigures }) {
  return (
    <>
      <td className="px-3 py-2 text-right tabular-nums">{formatNumber(figures.purchases)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatYen(figures.grossYen)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatYen(figures.taxYen)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatNumber(figures.refunds)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatYen(figures.refundedYen)}</td>
      <td className="px-3 py-2 text-right font-semibold tabular-nums">
        {formatYen(figures.netYen)}
      </td>
    </>
  );
}

/** 売上: paid purchases by Japanese day or month, with refunds and a CSV export. */
export function SalesTab() {
  const [filter, setFilter] = useState<SalesFilter>({ period: 'day', from: '', to: '' });
  const sales = useSales(filter);
  const report = sales.data;

  async function exportCsv() {
    try {
      await downloadSalesCsv(filter);
    } catch (error) {
      showError(error, 'CSVの出力に失敗しました', { title: 'エラー' });
    }
  }

  return (
    <section className="space-y-4" aria-labelledby="sales-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="sales-heading" className="text-lg font-semibold">
            売上
          </h2>
          <p className="text-sm text-slate-600">
            日付は日本時間。返金は元の購入の期間に計上しています。消費税は税込金額から1件ごとに算出（切り捨て）。
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            集計単位
            <select
              className={selectClass}
              value={filter.period}
              onChange={(event) =>
                setFilter({ period: event.target.value as 'day' | 'month', from: '', to: '' })
              }
            >
              <option value="day">日別</option>
              <option value="month">月別</option>
            </select>
          </label>
          <div className="flex flex-col gap-1">
            <Label htmlFor="sales-from">開始日</Label>
            <Input
              id="sales-from"
              type="date"
              className="w-40"
              value={filter.from}
              onChange={(event) => setFilter({ ...filter, from: event.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="sales-to">終了日</Label>
            <Input
              id="sales-to"
              type="date"
              className="w-40"
              value={filter.to}
              onChange={(event) => setFilter({ ...filter, to: event.target.value })}
            />
          </div>
          <Button variant="outline" onClick={() => void exportCsv()}>
            <Download aria-hidden="true" className="h-4 w-4" />
            CSVエクスポート
          </Button>
        </div>
      </div>
      {sales.isPending && <Spinner label="売上を読み込み中" />}
      {sales.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(sales.error, '売上を読み込めませんでした')}
        </p>
      )}
      {report && (
        <>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[
              { label: '売上（税込）', value: formatYen(report.totals.grossYen) },
              { label: '購入件数', value: formatNumber(report.totals.purchases) },
              { label: '返金額', value: formatYen(report.totals.refundedYen) },
              { label: '純売上', value: formatYen(report.totals.netYen) },
            ].map((card) => (
              <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-5">
                <dt className="text-sm text-slate-600">{card.label}</dt>
                <dd className="mt-2 text-2xl font-bold" data-testid={`sales-${card.label}`}>
                  {card.value}
                </dd>
              </div>
            ))}
          </dl>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full min-w-[44rem] text-sm">
              <caption className="sr-only">
                {report.from}から{report.to}までの{report.period === 'day' ? '日別' : '月別'}売上
              </caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    {report.period === 'day' ? '日付' : '月'}
                  </th>
                  {['購入件数', '売上（税込）', '内消費税', '返金件数', '返金額', '純売上'].map(
                    (label) => (
                      <th key={label} scope="col" className="px-3 py-2 text-right font-medium">
                        {label}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {[...report.rows].reverse().map((row) => (
                  <tr key={row.label} data-testid="sales-row">
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      {row.label}
                    </th>
                    <FigureCells figures={row} />
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-300 font-semibold">
                <tr>
                  <th scope="row" className="px-3 py-2 text-left">
                    合計
                  </th>
                  <FigureCells figures={report.totals} />
                </tr>
              </tfoot>
            </table>
          </div>
          <SalesPurchases from={report.from} to={report.to} />
        </>
      )}
    </section>
  );
}
