import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHANNEL_LABELS, type Channel } from '../../../../shared/analytics.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useAdminAnalytics } from '../api/admin-api.ts';
import { errorMessage } from '../../../lib/show-error.ts';

const RANGES = [7, 30, 90] as const;
const channelLabel = (channel: string) => CHANNEL_LABELS[channel as Channel] ?? channel;
const shortDate = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

/**
 * Page views per day and visits by channel. Each chart has its numbers as a table for screen
 * readers; the drawing itself is hidden from them.
 */
export function AnalyticsCharts() {
  const [days, setDays] = useState<number>(30);
  const analytics = useAdminAnalytics(days);
  const data = analytics.data;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>アクセス解析</CardTitle>
        <div role="group" aria-label="集計期間" className="flex gap-1">
          {RANGES.map((range) => (
            <button
              key={range}
              type="button"
              aria-pressed={days === range}
              onClick={() => setDays(range)}
              className="rounded-md px-3 py-1 text-sm aria-pressed:bg-slate-900 aria-pressed:text-white"
            >
              {range}日間
            </button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        {analytics.isPending && <Spinner label="アクセス解析を読み込み中" />}
        {analytics.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(analytics.error, 'アクセス解析を読み込めませんでした')}
          </p>
        )}
        {data && (
          <>
            <p className="text-sm text-slate-600">
              ページビュー {formatNumber(data.totals.pageViews)}・訪問{' '}
              {formatNumber(data.totals.visits)}（直近{data.days}日間）
            </p>
            <figure aria-labelledby="pv-chart-title">
              <figcaption id="pv-chart-title" className="mb-2 font-medium">
                日別ページビュー
              </figcaption>
              {/* The table below carries the numbers; the chart is a picture of them, out of the tab order. */}
              <div aria-hidden="true" className="h-64" data-testid="page-views-chart">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart accessibilityLayer={false} data={data.pageViewsByDay}>
                    <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                    <XAxis dataKey="date" tickFormatter={shortDate} fontSize={12} />
                    <YAxis allowDecimals={false} fontSize={12} />
                    <Tooltip labelFormatter={(label) => String(label)} />
                    <Legend />
                    <Line
                      type="monotone"
                      dataKey="pageViews"
                      name="ページビュー"
                      stroke="#2563eb"
                      dot={false}
                    />
                    <Line
                      type="monotone"
                      dataKey="visits"
                      name="訪問"
                      stroke="#16a34a"
                      dot={false}
                    />
                  </LineChart>
                </ResponsiveContainer>
              </div>
              <table className="sr-only">
                <caption>日別ページビュー</caption>
                <thead>
                  <tr>
                    <th>日付</th>
                    <th>ページビュー</th>
                    <th>訪問</th>
                  </tr>
                </thead>
                <tbody>
                  {data.pageViewsByDay.map((day) => (
                    <tr key={day.date}>
                      <td>{day.date}</td>
                      <td>{day.pageViews}</td>
                      <td>{day.visits}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </figure>
            <figure aria-labelledby="channel-chart-title">
              <figcaption id="channel-chart-title" className="mb-2 font-medium">
                流入元別の訪問
              </figcaption>
              {data.visitsByChannel.length === 0 ? (
                <p className="text-sm text-slate-600">この期間の訪問はまだありません</p>
              ) : (
                <>
                  <div aria-hidden="true" className="h-64" data-testid="channels-chart">
                    <ResponsiveContainer width="100%" height="100%">
                      <BarChart
                        accessibilityLayer={false}
                        data={data.visitsByChannel.map((row) => ({
                          ...row,
                          label: channelLabel(row.channel),
                        }))}
                        layout="vertical"
                        margin={{ left: 24 }}
                      >
                        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                        <XAxis type="number" allowDecimals={false} fontSize={12} />
                        <YAxis type="category" dataKey="label" width={120} fontSize={12} />
                        <Tooltip />
                        <Bar dataKey="visits" name="訪問" fill="#2563eb" />
                      </BarChart>
                    </ResponsiveContainer>
                  </div>
                  <table className="sr-only">
                    <caption>流入元別の訪問</caption>
                    <thead>
                      <tr>
                        <th>流入元</th>
                        <th>訪問</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.visitsByChannel.map((row) => (
                        <tr key={row.channel}>
                          <td>{channelLabel(row.channel)}</td>
                          <td>{row.visits}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </>
              )}
            </figure>
          </>
        )}
      </CardContent>
    </Card>
  );
}
