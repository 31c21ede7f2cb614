import { Copy } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { copyText } from '../../../lib/copy-text.ts';

/** Code to paste elsewhere, shown read-only with its コピー button. */
export function CopyField({
  label,
  value,
  rows = 2,
}: {
  label: string;
  value: string;
  rows?: number;
}) {
  const id = useId();
  async function copy() {
    if (await copyText(value)) toast.success(`${label}をコピーしました`);
    else toast.error('コピーできませんでした。欄の中を選んでコピーしてください');
  }
  return (
    <div className="space-y-1">
      <div className="flex items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => void copy()}
          aria-label={`${label}をコピー`}
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
          コピー
        </Button>
      </div>
      <textarea
        id={id}
        readOnly
        rows={rows}
        value={value}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full resize-y rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-800"
      />
    </div>
  );
}
