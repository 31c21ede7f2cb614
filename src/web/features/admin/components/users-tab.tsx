import { useEffect, useState } from 'react';
import { Download, Search, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminUserRow } from '../../../../shared/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { downloadUsersCsv, useAdminUsers, useDeleteUser } from '../api/admin-api.ts';
import { UserDetailDialog } from './user-detail-dialog.tsx';
import { showError } from '../../../lib/show-error.ts';

export function UsersTab() {
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [selected, setSelected] = useState<AdminUserRow | null>(null);
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  const users = useAdminUsers(search, status);
  const remove = useDeleteUser();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), 300);
    return () => clearTimeout(timer);
  }, [searchInput]);

  useEffect(() => {
    if (users.isError)
      showError(users.error, 'ユーザーデータの読み込みに失敗しました', { title: 'エラー' });
  }, [users.isError, users.error]);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('ユーザーを削除しました', { description: deleting.email });
      setDeleting(null);
    } catch (error) {
      showError(error, 'ユーザー削除に失敗しました', { title: 'エラー' });
    }
  }

  const rows = users.data?.users ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 md:flex-row">
        <div className="relative flex-1">
          <Search aria-hidden="true" className="absolute left-3 top-3 h-4 w-4 text-slate-400" />
          <Input
            aria-label="ユーザー検索"
            placeholder="メールアドレスまたは表示名で検索"
            className="pl-9"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
          />
        </div>
        <select
          aria-label="状態で絞り込み"
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="all">すべて</option>
          <option value="active">アクティブ</option>
          <option value="inactive">非アクティブ</option>
        </select>
        <Button
          variant="outline"
          onClick={() =>
            void downloadUsersCsv(search, status).catch((error: unknown) =>
              showError(error, 'CSVの出力に失敗しました', { title: 'エラー' }),
            )
          }
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          CSVエクスポート
        </Button>
      </div>
      {users.isPending ? (
        <Spinner label="読み込み中…" />
      ) : users.isError ? (
        <div role="alert" className="space-y-3 py-8 text-center">
          <p className="text-red-700">ユーザーデータの読み込みに失敗しました</p>
          <Button variant="outline" onClick={() => void users.refetch()}>
            再読み込み
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="py-8 text-center text-slate-600">該当するユーザーが見つかりません</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[52rem] text-left text-sm">
            <caption className="sr-only">ユーザー一覧</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
              <tr>
                {[
                  'ユーザー',
                  'クレジット',
                  'FAQ数',
                  '使用量',
                  '紹介数',
                  '最終アクティビティ',
                  '操作',
                ].map((label) => (
                  <th key={label} scope="col" className="px-3 py-2 font-medium">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="px-3 py-2">
                    <p className="font-medium">
                      {row.displayName || '（未設定）'}
                      {row.suspended && (
                        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                          利用停止中
                        </span>
                      )}
                    </p>
                    <p className="text-xs text-slate-600">{row.email}</p>
                  </td>
                  <td className="px-3 py-2 tabular-nums">{formatNumber(row.credits)}</td>
                  <td className="px-3 py-2 tabular-nums">{row.faqCount}</td>
                  <td className="px-3 py-2 tabular-nums">{formatNumber(row.creditsUsed)}</td>
                  <td className="px-3 py-2 tabular-nums">{row.referralCount}</td>
                  <td className="px-3 py-2">
                    <span className="inline-flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className={cn(
                          'h-2 w-2 rounded-full',
                          row.active ? 'bg-green-500' : 'bg-slate-300',
                        )}
                      />
                      <span className="sr-only">{row.active ? 'アクティブ' : '非アクティブ'}</span>
                      {formatDateTime(row.lastActivity)}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex gap-1">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setSelected(row)}
                        aria-label={`${row.email}の詳細`}
                      >
                        詳細
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-red-700"
                        onClick={() => setDeleting(row)}
                        aria-label={`${row.email}を削除`}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <UserDetailDialog
        user={selected}
        onClose={() => setSelected(null)}
        onDelete={(row) => {
          setSelected(null);
          setDeleting(row);
        }}
      />
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>ユーザーを削除しますか？この操作は元に戻せません。</DialogTitle>
            <DialogDescription>
              {deleting?.email}{' '}
              の氏名・メールアドレス・アバター・パスワードを削除し、すべての端末からログアウトさせます。購入・クレジット・紹介の記録は保存義務のため匿名のまま残り、同じメールアドレスで再登録しても登録ボーナスは付与されません。
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              キャンセル
            </Button>
            <Button
              variant="destructive"
              onClick={() => void confirmDelete()}
              disabled={remove.isPending}
            >
              削除する
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
