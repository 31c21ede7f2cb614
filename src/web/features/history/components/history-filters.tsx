import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { GENERATION_TITLE_MAX } from '../../../../shared/generation-title.ts';
import type { HISTORY_METHODS, HISTORY_STATUSES } from '../../../../shared/generations.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import type { HistoryFilters as Filters } from '../api/get-generations.ts';

const selectClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm';

const STATUS_CHOICES: [(typeof HISTORY_STATUSES)[number] | '', string][] = [
  ['', 'すべて'],
  ['completed', '完了'],
  ['draft', '質問を選択待ち'],
  ['generating', '生成中'],
  ['failed', '失敗'],
  ['cancelled', 'キャンセル'],
];
const METHOD_CHOICES: [(typeof HISTORY_METHODS)[number] | '', string][] = [
  ['', 'すべて'],
  ['url', 'URL'],
  ['text', 'テキスト'],
  ['category', 'カテゴリー'],
];

/** Title search (sent when submitted) and the status and method filters (applied at once). */
export function HistoryFilters({
  value,
  onChange,
}: {
  value: Filters;
  onChange: (next: Filters) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState(value.q ?? '');
  return (
    <form
      role="search"
      aria-label="履歴の検索"
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...value, q: query.trim() || undefined });
      }}
    >
      <div className="col-span-2 space-y-1 sm:col-span-1">
        <Label htmlFor={`${id}-q`}>タイトルで検索</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-q`}
            type="search"
            value={query}
            maxLength={GENERATION_TITLE_MAX}
            placeholder="例：料金"
            onChange={(event) => {
              setQuery(event.target.value);
              // Clearing the box (its × too) shows everything again without another press.
              if (!event.target.value && value.q) onChange({ ...value, q: undefined });
            }}
          />
          <Button type="submit" variant="outline" className="shrink-0">
            <Search aria-hidden="true" className="h-4 w-4" />
            検索
          </Button>
        </div>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-status`}>状態</Label>
        <select
          id={`${id}-status`}
          className={selectClass}
          value={value.status ?? ''}
          onChange={(event) =>
            onChange({
              ...value,
              status: (event.target.value || undefined) as Filters['status'],
            })
          }
        >
          {STATUS_CHOICES.map(([status, label]) => (
            <option key={status} value={status}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-method`}>作成方法</Label>
        <select
          id={`${id}-method`}
          className={selectClass}
          value={value.method ?? ''}
          onChange={(event) =>
            onChange({
              ...value,
              method: (event.target.value || undefined) as Filters['method'],
            })
          }
        >
          {METHOD_CHOICES.map(([method, label]) => (
            <option key={method} value={method}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
