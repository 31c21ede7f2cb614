import { ExternalLink, FilePenLine, Pencil, Play, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { GENERATION_TITLE_MAX } from '../../../../shared/generation-title.ts';
import {
  isDraft,
  renameGenerationSchema,
  type GenerationSummary,
} from '../../../../shared/generations.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { formErrors } from '../../../lib/form-validation.ts';
import { errorMessage } from '../../../lib/show-error.ts';
import {
  canEditLater,
  faqCount,
  flaggedCount,
  isWebUrl,
  methodLabel,
  recordHref,
  recordSource,
} from '../history-record.ts';
import { StatusBadge } from './status-badge.tsx';

/** One record (docs/spec.md §2): title, status, date, method, FAQ count, credits, source. */
export function HistoryEntry({
  record,
  deleting,
  renaming = false,
  onOpen,
  onDelete,
  onRename,
}: {
  record: GenerationSummary;
  deleting: boolean;
  renaming?: boolean;
  onOpen: () => void;
  onDelete: () => void;
  /** Resolves once saved; a rejection keeps the form open with the server's reason. */
  onRename?: (title: string) => Promise<unknown>;
}) {
  const source = recordSource(record);
  const headingId = `history-${record.id}`;
  const [editing, setEditing] = useState(false);
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold break-all">
          {record.title}
        </h2>
        <div className="flex shrink-0 items-center gap-2">
          {flaggedCount(record) > 0 && (
            <span
              className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
              data-testid="history-flagged"
            >
              要確認 {formatNumber(flaggedCount(record))}件
            </span>
          )}
          <StatusBadge status={record.status} stage={record.stage} />
        </div>
      </div>
      {editing && onRename && (
        <RenameForm
          title={record.title}
          saving={renaming}
          onCancel={() => setEditing(false)}
          onSave={async (title) => {
            await onRename(title);
            setEditing(false);
          }}
        />
      )}
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
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onOpen}>
          詳細
        </Button>
        {/* Edit later: the results editor of /generate, where edits are saved as typed. */}
        {canEditLater(record) && (
          <Link
            to={recordHref(record.id)}
            className={buttonVariants({ size: 'sm' })}
            aria-label={`「${record.title}」を編集`}
          >
            <FilePenLine aria-hidden="true" className="h-4 w-4" />
            編集
          </Link>
        )}
        {onRename && !editing && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={`「${record.title}」の名前を変更`}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            名前を変更
          </Button>
        )}
        {isDraft(record) && record.status === 'generating' && (
          <Link
            to={recordHref(record.id)}
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

/** The record's new name, checked with the request's own schema before it is sent. */
function RenameForm({
  title,
  saving,
  onSave,
  onCancel,
}: {
  title: string;
  saving: boolean;
  onSave: (title: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(title);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // The field the user just asked for takes the keyboard (the button that opened it is gone).
  useEffect(() => field.current?.select(), []);
  return (
    <form
      className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3"
      aria-label="名前の変更"
      onSubmit={(event) => {
        event.preventDefault();
        const invalid = formErrors(renameGenerationSchema, { title: value }).title;
        if (invalid) return setProblem(invalid);
        setProblem(null);
        onSave(value.trim()).catch((error: unknown) =>
          setProblem(errorMessage(error, '名前を変更できませんでした')),
        );
      }}
    >
      <Label htmlFor={`${id}-title`}>新しいタイトル</Label>
      <Input
        id={`${id}-title`}
        value={value}
        maxLength={GENERATION_TITLE_MAX}
        ref={field}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          保存
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          キャンセル
        </Button>
      </div>
    </form>
  );
}
