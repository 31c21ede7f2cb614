import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Generation, GenerationSummary } from '../../../../shared/generations.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useDeleteGeneration } from '../api/delete-generation.ts';
import { useFollowGenerations } from '../api/follow-generations.ts';
import { useGenerations } from '../api/get-generations.ts';
import { HistoryDetail } from './history-detail.tsx';
import { HistoryEntry } from './history-entry.tsx';
import { confirmDialog, showAlert } from '../../../components/ui/alert-dialog.tsx';

export const DELETE_CONFIRMATION = 'この履歴を削除しますか？';
export const DELETE_FAILED = '削除に失敗しました';

/**
 * Spec §2 /history. `renderExport` and `renderUnanswered` are supplied by the route: exporting
 * and answering what the page left unanswered belong to other features.
 */
export function HistoryList({
  userId,
  renderExport,
  renderUnanswered,
}: {
  /** Whose generations to follow live; null follows nothing (the list still polls). */
  userId: string | null;
  /** Given the full record once read (its unanswered questions go to the Word appendix). */
  renderExport: (record: GenerationSummary & Pick<Generation, 'unansweredIntents'>) => ReactNode;
  renderUnanswered?: (record: Generation) => ReactNode;
}) {
  const history = useGenerations();
  useFollowGenerations(userId);
  const remove = useDeleteGeneration();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const records = history.data?.pages.flatMap((page) => page.generations) ?? [];
  const selected = records.find((record) => record.id === selectedId) ?? null;

  async function confirmDelete(record: GenerationSummary) {
    if (!(await confirmDialog(DELETE_CONFIRMATION, { confirmLabel: '削除', destructive: true })))
      return;
    try {
      await remove.mutateAsync(record.id);
      if (selectedId === record.id) setSelectedId(null);
      toast.success('履歴を削除しました');
    } catch {
      void showAlert(DELETE_FAILED);
    }
  }

  if (history.isPending) return <Spinner label="履歴を読み込み中…" />;
  if (history.isError)
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        <p>履歴を読み込めませんでした。</p>
        <Button variant="outline" className="mt-3" onClick={() => void history.refetch()}>
          再読み込み
        </Button>
      </div>
    );
  if (records.length === 0)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <p className="text-slate-600">履歴がありません</p>
        <Link to={paths.generate} className={buttonVariants({ className: 'mt-4' })}>
          FAQを作成する
        </Link>
      </div>
    );

  return (
    <>
      <ul className="space-y-3" aria-label="生成履歴">
        {records.map((record) => (
          <HistoryEntry
            key={record.id}
            record={record}
            deleting={remove.isPending && remove.variables === record.id}
            onOpen={() => setSelectedId(record.id)}
            onDelete={() => void confirmDelete(record)}
          />
        ))}
      </ul>
      {history.hasNextPage && (
        <div className="mt-6 text-center">
          <Button
            variant="outline"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            {history.isFetchingNextPage ? '読み込み中…' : 'もっと見る'}
          </Button>
        </div>
      )}
      <HistoryDetail
        record={selected}
        onClose={() => setSelectedId(null)}
        renderExport={renderExport}
        renderUnanswered={renderUnanswered}
      />
    </>
  );
}
