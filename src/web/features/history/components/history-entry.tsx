import { ExternalLink, Play, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { isDraft, type GenerationSummary } from '../../../../shared/generations.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { faqCount, isWebUrl, methodLabel, recordSource } from '../history-record.ts';
import { StatusBadge } from './status-badge.tsx';

/** One record (spec §2): title, status, date, method, FAQ count, credits, source. */
export function HistoryEntry({
  record,
  deleting,
  onOpen,
  onDelete,
}: {
  record: GenerationSummary;
  deleting: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const source = recordSource(record);
  const headingId = `history-${record.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold break-all">
          {record.title}
        </h2>
        <StatusBadge status={record.status} stage={record.stage} />
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-600 sm:grid-cols-2">
        <div>
          <dt className="inline">日時：</dt>
          <dd className="inline">
            <time dateTime={record.createdAt}>{formatDateTime(record.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="inline">方法：</dt>
          <dd className="inline">{methodLabel(source)}</dd>
        </div>
        <div>
          <dt className="inline">FAQ数：</dt>
          <dd className="inline">{formatNumber(faqCount(record))}件</dd>
        </div>
        <div>
          <dt className="inline">消費クレジット：</dt>
          <dd className="inline">{formatNumber(record.creditsUsed)}</dd>
        </div>
        <div className="break-all sm:col-span-2">
          <dt className="sr-only">入力内容</dt>
          <dd>
            {source.kind === 'url' ? (
              isWebUrl(source.url) ? (
                <a
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-blue-700 underline"
                >
                  {source.url}
                  <ExternalLink aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
                  <span className="sr-only">（新しいタブで開きます）</span>
                </a>
              ) : (
                source.url
              )
            ) : source.kind === 'text' ? (
              '貼り付けたテキストから作成'
            ) : (
              <>
                {source.path}
                {source.responders.length > 0 && (
                  <span className="ml-2 text-slate-500">
                    （回答者：{source.responders.join('、')}）
                  </span>
                )}
              </>
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex gap-2">
        <Button variant="outline" size="sm" onClick={onOpen}>
          詳細
        </Button>
        {isDraft(record) && record.status === 'generating' && (
          <Link
            to={`${paths.generate}?draft=${encodeURIComponent(record.id)}`}
            className={buttonVariants({ size: 'sm' })}
            aria-label={`「${record.title}」を続きから`}
          >
            <Play aria-hidden="true" className="h-4 w-4" />
            続きから
          </Link>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto text-red-700 hover:bg-red-50"
          onClick={onDelete}
          disabled={deleting}
          aria-label={`「${record.title}」を削除`}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          削除
        </Button>
      </div>
    </li>
  );
}
