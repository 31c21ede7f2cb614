import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Generation, GenerationSummary } from '../../../../shared/generations.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { paths } from '../../../config/paths.ts';
import { useDeleteGeneration } from '../api/delete-generation.ts';
import { useFollowGenerations } from '../api/follow-generations.ts';
import { useGenerations, type HistoryFilters as Filters } from '../api/get-generations.ts';
import { useRenameGeneration } from '../api/rename-generation.ts';
import { HistoryDetail } from './history-detail.tsx';
import { HistoryEntry } from './history-entry.tsx';
import { HistoryFilters } from './history-filters.tsx';
import { confirmDialog, showAlert } from '../../../components/ui/alert-dialog.tsx';

export const DELETE_CONFIRMATION = 'この履歴を削除しますか？';
export const DELETE_FAILED = '削除に失敗しました';

/**
 * docs/spec.md §2 /history. `renderExport` and `renderUnanswered` are supplied by the route:
 * exporting and answering what the page left unanswered belong to other features.
 */
export function HistoryList({
  userId,
  renderExport,
  renderUnanswered,
  renderPublish,
}: {
  /** Whose generations to follow live; null follows nothing (the list still polls). */
  userId: string | null;
  /** Given the full record once read (its unanswered questions go to the Word appendix). */
  renderExport: (record: GenerationSummary & Pick<Generation, 'unansweredIntents'>) => ReactNode;
  renderUnanswered?: (record: Generation) => ReactNode;
  renderPublish?: (record: Generation) => ReactNode;
}) {
  const [filters, setFilters] = useState<Filters>({});
  // Attempts that ended with nothing made (a mistyped URL) stay out of the way until asked for.
  const [showEmptyFailures, setShowEmptyFailures] = useState(false);
  const history = useGenerations({
    ...filters,
    emptyFailures: showEmptyFailures ? 'show' : 'hide',
  });
  useFollowGenerations(userId);
  const remove = useDeleteGeneration();
  const rename = useRenameGeneration();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const records = history.data?.pages.flatMap((page) => page.generations) ?? [];
  const selected = records.find((record) => record.id === selectedId) ?? null;
  const emptyFailures = history.data?.pages[0]?.emptyFailures ?? 0;
  const filtered = Boolean(filters.q || filters.status || filters.method);

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
  const filterBar = (
    <HistoryFilters
      value={filters}
      onChange={(next) => {
        setFilters(next);
        setSelectedId(null);
      }}
    />
  );
  const emptyFailureToggle =
    emptyFailures > 0 || showEmptyFailures ? (
      <div className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-100 px-4 py-2 text-sm text-slate-700">
        <p>
          {showEmptyFailures
            ? `何も作成できずに終わった作成を含めて表示しています（${formatNumber(emptyFailures)}件）。`
            : `何も作成できずに終わった作成が${formatNumber(emptyFailures)}件あります（非表示）。`}
        </p>
        <Button
          variant="outline"
          size="sm"
          aria-pressed={showEmptyFailures}
          onClick={() => setShowEmptyFailures((shown) => !shown)}
        >
          {showEmptyFailures ? '隠す' : `表示する（${formatNumber(emptyFailures)}件）`}
        </Button>
      </div>
    ) : null;

  if (records.length === 0 && (filtered || emptyFailures > 0))
    return (
      <div className="space-y-4">
        {filterBar}
        {emptyFailureToggle}
        <div
          role="status"
          className="rounded-xl border border-dashed border-slate-300 p-10 text-center"
        >
          <p className="text-slate-600">条件に合う履歴がありません</p>
          {filtered && (
            <Button variant="outline" className="mt-4" onClick={() => setFilters({})}>
              条件をクリア
            </Button>
          )}
        </div>
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
      <div className="mb-4 space-y-3">
        {filterBar}
        {emptyFailureToggle}
      </div>
      <ul className="space-y-3" aria-label="生成履歴">
        {records.map((record) => (
          <HistoryEntry
            key={record.id}
            record={record}
            deleting={remove.isPending && remove.variables === record.id}
            renaming={rename.isPending && rename.variables.id === record.id}
            onOpen={() => setSelectedId(record.id)}
            onDelete={() => void confirmDelete(record)}
            onRename={(title) => rename.mutateAsync({ id: record.id, title })}
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
        renderPublish={renderPublish}
      />
    </>
  );
}
