import { ADMIN_ACTION_LABELS } from '../../../../shared/admin-records.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useActionLog } from '../api/admin-records-api.ts';
import { errorMessage } from '../../../lib/show-error.ts';

const DETAIL_LABELS: Record<string, string> = {
  userId: 'ユーザーID',
  email: 'メール',
  amount: '数量',
  reason: '社内メモ',
  customerDescription: 'お客様向け説明',
  ip: 'IP',
};

function describe(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${DETAIL_LABELS[key] ?? key}: ${String(value)}`)
    .join(' / ');
}

/** 操作ログ: what operators did (the server writes it on every admin action). */
export function ActionLogTab() {
  const log = useActionLog();
  const rows = log.data?.pages.flatMap((page) => page.logs) ?? [];
  return (
    <section className="space-y-4" aria-labelledby="action-log-heading">
      <h2 id="action-log-heading" className="text-lg font-semibold">
        操作ログ
      </h2>
      {log.isPending && <Spinner label="操作ログを読み込み中" />}
      {log.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(log.error, '操作ログを読み込めませんでした')}
        </p>
      )}
      {log.data && rows.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          操作ログはまだありません
        </p>
      )}
      {rows.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">管理者の操作ログ</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  日時
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  管理者
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  操作
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  詳細
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id} data-testid="action-log-row">
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">
                    {formatDateTime(row.createdAt)}
                  </td>
                  <td className="px-3 py-2">{row.adminUsername ?? '（削除済み）'}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {ADMIN_ACTION_LABELS[row.action] ?? row.action}
                  </td>
                  <td className="break-all px-3 py-2 text-slate-700">{describe(row.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasNextPage && (
        <Button
          variant="outline"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          もっと見る
        </Button>
      )}
    </section>
  );
}
