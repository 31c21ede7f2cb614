import { FilePenLine } from 'lucide-react';
import { FigureFlag, FigureFlagSummary } from '../../../components/figure-flag.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Generation, GenerationSummary } from '../../../../shared/generations.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useGeneration } from '../api/get-generation.ts';
import {
  canEditLater,
  isRunning,
  isWebUrl,
  questionsAndAnswers,
  recordExportItems,
  recordHref,
} from '../history-record.ts';
import { StatusBadge } from './status-badge.tsx';

/**
 * docs/spec.md §2 detail modal: Q1..Qn with their answers or '回答なし'; '詳細情報がありません' when
 * the record holds no questions at all. The full record is fetched so a running job shows its
 * progress; the list entry is shown until it arrives.
 */
export function HistoryDetail({
  record: summary,
  onClose,
  renderExport,
  renderUnanswered,
  renderPublish,
}: {
  record: GenerationSummary | null;
  onClose: () => void;
  /** Given the full record once read (its unanswered questions go to the Word appendix). */
  renderExport: (record: GenerationSummary & Pick<Generation, 'unansweredIntents'>) => ReactNode;
  /** The questions the page left unanswered, of a finished URL/text record (full read only). */
  renderUnanswered?: (record: Generation) => ReactNode;
  /** 公開する and what customers open, of a finished record with answers to show. */
  renderPublish?: (record: Generation) => ReactNode;
}) {
  const detail = useGeneration(summary?.id ?? null);
  const full = detail.data && detail.data.id === summary?.id ? detail.data : null;
  const record = full ?? summary;
  const entries = record ? questionsAndAnswers(record) : [];
  const canExport = record ? recordExportItems(record).length > 0 : false;
  const editable = record ? canEditLater(record) : false;

  return (
    <Dialog open={summary !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-all pr-6">{record?.title}</DialogTitle>
          <DialogDescription asChild>
            <div className="flex flex-wrap items-center gap-2">
              {record && (
                <>
                  <time dateTime={record.createdAt}>{formatDateTime(record.createdAt)}</time>
                  <StatusBadge status={record.status} stage={record.stage} />
                </>
              )}
            </div>
          </DialogDescription>
        </DialogHeader>
        {full && isRunning(full) && (
          <div role="status" className="mb-4 flex items-center gap-2 text-sm text-slate-600">
            <Spinner />
            {full.message}（{full.progress}%）
          </div>
        )}
        {full?.status === 'failed' && (full.error || full.message) && (
          <p className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {full.error || full.message}
          </p>
        )}
        {/* A stopped job says what it kept and charged, as the results screen did. */}
        {full?.status === 'cancelled' && full.message && (
          <p className="mb-4 rounded-md bg-slate-100 p-3 text-sm text-slate-800">{full.message}</p>
        )}
        {record && <FigureFlagSummary items={record.items} />}
        {entries.length === 0 ? (
          <p className="text-slate-600">詳細情報がありません</p>
        ) : (
          <ol className="space-y-5" aria-label="質問と回答">
            {entries.map((entry, index) => (
              <li key={index}>
                <p className="font-semibold">
                  Q{index + 1}. {entry.question}
                  {entry.edited && (
                    <span className="ml-2 rounded-full bg-violet-100 px-2 py-0.5 align-middle text-xs font-medium text-violet-800">
                      編集済み
                    </span>
                  )}
                </p>
                {entry.expertAnswers.length > 0 && (
                  <div className="mt-2 space-y-1 border-l-2 border-slate-200 pl-3 text-sm">
                    <p className="font-semibold text-slate-700">専門家の意見</p>
                    {entry.expertAnswers.map((expert, position) => (
                      <p key={position} className="whitespace-pre-wrap text-slate-700">
                        <span className="font-semibold">【{expert.expert}】</span>
                        {expert.answer}
                      </p>
                    ))}
                  </div>
                )}
                {entry.integrated && entry.answer && (
                  <p className="mt-2 text-sm font-semibold text-slate-700">統合回答</p>
                )}
                <p className="mt-1 whitespace-pre-wrap text-slate-800">
                  {entry.answer ?? <span className="text-slate-500">回答なし</span>}
                </p>
                {entry.figures && <FigureFlag item={entry.figures} index={index} />}
                {entry.sourceUrl && isWebUrl(entry.sourceUrl) && (
                  <p className="mt-1 text-xs text-slate-500">
                    出典：
                    <a
                      href={entry.sourceUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="break-all underline"
                    >
                      {entry.sourceUrl}
                    </a>
                  </p>
                )}
                {entry.evidence && (
                  <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 text-xs text-slate-600">
                    根拠：{entry.evidence}
                  </blockquote>
                )}
              </li>
            ))}
          </ol>
        )}
        {full?.stage === 'completed' && canExport && renderPublish && (
          <div className="mt-6">{renderPublish(full)}</div>
        )}
        {full?.stage === 'completed' && full.method === 'url' && renderUnanswered && (
          <div className="mt-6">{renderUnanswered(full)}</div>
        )}
        {record && (canExport || editable) && (
          <DialogFooter className="sm:items-center">
            {editable && (
              <Link
                to={recordHref(record.id)}
                className={buttonVariants({ variant: 'outline' })}
                aria-label={`「${record.title}」を編集`}
              >
                <FilePenLine aria-hidden="true" className="h-4 w-4" />
                編集
              </Link>
            )}
            {canExport && renderExport(record)}
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
