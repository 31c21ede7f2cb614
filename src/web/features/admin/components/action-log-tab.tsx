import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { ADMIN_ACTION_LABELS, type ActionTarget } from '../../../../shared/admin-records.ts';
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

/** Ids the 対象 column already names (with the id a click away) are not repeated here. */
const SHOWN_AS_TARGET = new Set(['userId', 'email', 'generationId']);

function describe(details: Record<string, unknown>, target: ActionTarget | null): string {
  return Object.entries(details)
    .filter(([key]) => !target || !SHOWN_AS_TARGET.has(key))
    .map(([key, value]) => `${DETAIL_LABELS[key] ?? key}: ${String(value)}`)
    .join(' / ');
}

const TARGET_KINDS: Record<ActionTarget['kind'], string> = { user: 'ユーザー', generation: 'FAQ' };

/** Support asks by id: it stays one click away, behind the name people read. */
function CopyIdButton({ id, what }: { id: string; what: string }) {
  return (
    <button
      type="button"
      className="ml-1 inline-flex size-6 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-600"
      aria-label={`${what}のIDをコピー`}
      title={`ID: ${id}（クリックでコピー）`}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(id)
          .then(() => toast.success('IDをコピーしました', { description: id }))
          .catch(() => toast.error('IDをコピーできませんでした', { description: id }));
      }}
    >
      <Copy className="size-3.5" aria-hidden />
    </button>
  );
}

function TargetCell({ target }: { target: ActionTarget | null }) {
  if (!target) return <span className="text-slate-400">—</span>;
  const kind = TARGET_KINDS[target.kind];
  return (
    <span className="inline-flex items-center">
      <span title={`${kind}ID: ${target.id}`} className="break-all">
        {target.label}
        {target.deleted && (
          <span className="ml-1 text-xs text-slate-500">
            {target.kind === 'user' ? '（退会済み）' : '（削除済み）'}
          </span>
        )}
      </span>
      <CopyIdButton id={target.id} what={`${kind}「${target.label}」`} />
    </span>
  );
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
          <table className="w-full min-w-[48rem] text-left text-sm">
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
                  対象
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
                  <td className="px-3 py-2">
                    <span title={`管理者ID: ${row.adminUserId}`}>
                      {row.adminName ?? '（削除済みの管理者）'}
                    </span>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {ADMIN_ACTION_LABELS[row.action] ?? row.action}
                  </td>
                  <td className="px-3 py-2">
                    <TargetCell target={row.target} />
                  </td>
                  <td className="break-all px-3 py-2 text-slate-700">
                    {describe(row.details, row.target)}
                  </td>
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
