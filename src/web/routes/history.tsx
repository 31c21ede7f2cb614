import { useState } from 'react';
import { Link } from 'react-router';
import { FileDown, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Generation } from '../../shared/generations.ts';
import { Button, buttonVariants } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { exportToWord } from '../features/export/word-document.ts';
import { useDeleteGeneration, useHistory } from '../features/history/api/history-api.ts';
import { HistoryDetail } from '../features/history/components/history-detail.tsx';
import { categoryPath, statusLabel } from '../features/history/components/history-labels.ts';
import { cn } from '../lib/cn.ts';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function HistoryRoute() {
  useDocumentTitle('生成履歴');
  const history = useHistory();
  const remove = useDeleteGeneration();
  const [selected, setSelected] = useState<Generation | null>(null);
  const generations = history.data?.pages.flatMap((page) => page.generations) ?? [];

  async function confirmDelete(generation: Generation) {
    if (!window.confirm('この履歴を削除しますか？')) return;
    try {
      await remove.mutateAsync(generation.id);
      toast.success('履歴を削除しました');
    } catch {
      window.alert('削除に失敗しました');
    }
  }

  async function exportAgain(generation: Generation) {
    try {
      await exportToWord(
        generation.title,
        generation.items.filter((item) => item.approved !== false && !item.failed),
      );
    } catch {
      toast.error('Wordファイルの出力に失敗しました');
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold">生成履歴</h1>
      {history.isPending ? (
        <Spinner label="読み込み中…" />
      ) : history.isError ? (
        <p role="alert" className="text-red-700">
          履歴を読み込めませんでした。
        </p>
      ) : generations.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <p className="text-slate-600">履歴がありません</p>
          <Link to={paths.generate} className={buttonVariants({ className: 'mt-4' })}>
            FAQを作成する
          </Link>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="生成履歴">
          {generations.map((generation) => {
            const status = statusLabel(generation.status);
            const url =
              typeof generation.inputData.url === 'string' ? generation.inputData.url : '';
            return (
              <li key={generation.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <button
                    type="button"
                    className="text-left text-lg font-semibold hover:underline"
                    onClick={() => setSelected(generation)}
                  >
                    {generation.title}
                  </button>
                  <span
                    className={cn('rounded-full px-2 py-0.5 text-xs font-medium', status.className)}
                  >
                    {status.label}
                  </span>
                </div>
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-600 sm:grid-cols-2">
                  <div>
                    <dt className="inline">日時：</dt>
                    <dd className="inline">{formatDateTime(generation.createdAt)}</dd>
                  </div>
                  <div>
                    <dt className="inline">方法：</dt>
                    <dd className="inline">
                      {generation.method === 'url' ? 'URL・テキスト' : 'カテゴリー'}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline">FAQ数：</dt>
                    <dd className="inline">
                      {generation.items.length || generation.questions.length}件
                    </dd>
                  </div>
                  <div>
                    <dt className="inline">消費クレジット：</dt>
                    <dd className="inline">{generation.creditsUsed}</dd>
                  </div>
                  <div className="sm:col-span-2 break-all">
                    {generation.method === 'url' ? (
                      url ? (
                        <a
                          href={url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-blue-700 underline"
                        >
                          {url}
                        </a>
                      ) : (
                        'テキスト入力'
                      )
                    ) : (
                      categoryPath(generation)
                    )}
                  </div>
                </dl>
                <div className="mt-3 flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setSelected(generation)}>
                    詳細
                  </Button>
                  {generation.items.length > 0 && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => void exportAgain(generation)}
                    >
                      <FileDown aria-hidden="true" className="h-4 w-4" />
                      Word
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto text-red-700"
                    onClick={() => void confirmDelete(generation)}
                    aria-label={`${generation.title}を削除`}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    削除
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {history.hasNextPage && (
        <div className="text-center">
          <Button
            variant="outline"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            もっと見る
          </Button>
        </div>
      )}
      <HistoryDetail
        generation={selected}
        onClose={() => setSelected(null)}
        exportSlot={
          selected && (
            <Button onClick={() => void exportAgain(selected)}>
              <FileDown aria-hidden="true" className="h-4 w-4" />
              Wordで出力
            </Button>
          )
        }
      />
    </div>
  );
}
