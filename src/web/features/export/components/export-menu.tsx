import { DropdownMenu, RadioGroup } from 'radix-ui';
import { ChevronDown, FileDown } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  DEFAULT_EXPORT_VARIANT,
  EXPORT_VARIANT_LABELS,
  EXPORT_VARIANTS,
  exportTitleSuffix,
  exportVariantSchema,
  type ExportVariant,
} from '../../../../shared/exports.ts';
import type { ExportItem } from '../../../../shared/generations.ts';
import { safeStorageName } from '../../../../shared/storage.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  DEFAULT_EXPORT_TITLE,
  downloadBlob,
  exportFileName,
  NOTHING_TO_EXPORT,
} from '../download.ts';
import { exportToWord } from '../export-to-word.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../formats.ts';
import { storage } from '../../../lib/platform/storage.ts';
import { showAlert } from '../../../components/ui/alert-dialog.tsx';
import { showError } from '../../../lib/show-error.ts';

/**
 * Storage paths take letters, digits and a few marks, so a page title such as
 * 「店名｜よくある質問・【公式】」 is saved under its safe form (shared/storage.ts); the
 * download keeps the title as the file name. The date keeps saves apart.
 */
function savedPath(title: string): string {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return `exports/${stamp}-${safeStorageName(title, 'docx')}`;
}

const itemClass =
  'cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100';

/**
 * 公開用 or 確認用 for every format below (shared/exports.ts): a labelled radio group, 公開用
 * first and chosen, so what leaves by default can go on a website as it is.
 */
function VariantChoice({
  value,
  onChange,
  disabled,
}: {
  value: ExportVariant;
  onChange: (variant: ExportVariant) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex w-full flex-col gap-1">
      <span id={`${id}-legend`} className="text-sm font-medium text-slate-700">
        出力内容
      </span>
      <RadioGroup.Root
        aria-labelledby={`${id}-legend`}
        value={value}
        disabled={disabled}
        onValueChange={(next) => {
          const parsed = exportVariantSchema.safeParse(next);
          if (parsed.success) onChange(parsed.data);
        }}
        className="flex flex-col gap-2 sm:flex-row"
      >
        {EXPORT_VARIANTS.map((variant) => {
          const { label, description } = EXPORT_VARIANT_LABELS[variant];
          return (
            <div
              key={variant}
              className="flex min-h-11 items-start gap-2 rounded-md border border-slate-200 px-3 py-2 has-[[data-state=checked]]:border-blue-600 has-[[data-state=checked]]:bg-blue-50"
            >
              <RadioGroup.Item
                id={`${id}-${variant}`}
                value={variant}
                aria-describedby={`${id}-${variant}-description`}
                className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border border-slate-400 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[state=checked]:border-blue-600"
              >
                <RadioGroup.Indicator className="block h-2.5 w-2.5 rounded-full bg-blue-600" />
              </RadioGroup.Item>
              <div className="text-sm">
                <label htmlFor={`${id}-${variant}`} className="cursor-pointer font-medium">
                  {label}
                </label>
                <p id={`${id}-${variant}-description`} className="text-xs text-slate-600">
                  {description}
                </p>
              </div>
            </div>
          );
        })}
      </RadioGroup.Root>
    </div>
  );
}

/**
 * Word (docs/spec.md §7) plus CSV, Markdown, HTML and schema.org JSON-LD
 * (docs/product-decisions.md §8). `items` are the approved ones; found by role and name
 * ('Wordで出力', 'その他の形式', menu items, the 出力内容 radio group). `unanswered` (questions
 * the page left unanswered) is an appendix of the 確認用 Word file only: a list of unanswered
 * questions does not belong in what is published.
 */
export function ExportMenu({
  title = DEFAULT_EXPORT_TITLE,
  items,
  unanswered,
  disabled,
}: {
  title?: string;
  items: ExportItem[];
  unanswered?: string[];
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [variant, setVariant] = useState<ExportVariant>(DEFAULT_EXPORT_VARIANT);

  async function exportWord() {
    setBusy(true);
    try {
      if (await exportToWord({ title, items, unanswered, variant }))
        toast.success('Wordファイルを出力しました');
    } catch {
      toast.error('Wordファイルの出力に失敗しました。もう一度お試しください。');
    } finally {
      setBusy(false);
    }
  }

  /** The Word file kept in the user's own file storage, to download again from any device. */
  async function saveWord() {
    if (items.length === 0) {
      void showAlert(NOTHING_TO_EXPORT);
      return;
    }
    setBusy(true);
    try {
      const { buildWordBlob } = await import('../word-layout.ts');
      const name = title.trim() || DEFAULT_EXPORT_TITLE;
      const named = `${name}${exportTitleSuffix(variant)}`;
      const filename = exportFileName(named, 'docx');
      const saved = await storage.upload(
        await buildWordBlob({ title: name, items, unanswered }, { variant }),
        savedPath(named),
        { upsert: true },
      );
      toast.success(`「${filename}」を保存しました`, {
        description: '保存したファイルは15分間有効なリンクからダウンロードできます',
        action: {
          label: 'ダウンロード',
          onClick: () =>
            void storage
              .download(saved.path, filename)
              .then((info) => window.open(info.downloadUrl, '_blank', 'noopener'))
              .catch((error: unknown) => showError(error, 'ダウンロードに失敗しました')),
        },
      });
    } catch (error) {
      showError(error, '保存に失敗しました');
    } finally {
      setBusy(false);
    }
  }

  function exportOther(format: ExportFormat) {
    if (items.length === 0) {
      void showAlert(NOTHING_TO_EXPORT);
      return;
    }
    const content = format.render({ title, items }, { variant });
    downloadBlob(
      new Blob([content], { type: format.mimeType }),
      exportFileName(`${title}${exportTitleSuffix(variant)}`, format.extension),
    );
  }

  return (
    <div role="group" aria-label="エクスポート" className="flex flex-wrap gap-2">
      <VariantChoice value={variant} onChange={setVariant} disabled={disabled || busy} />
      <Button onClick={() => void exportWord()} disabled={disabled || busy} aria-busy={busy}>
        <FileDown aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Wordファイルを作成中…' : `Wordで出力（${items.length}件）`}
      </Button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="outline" disabled={disabled || busy}>
            その他の形式
            <ChevronDown aria-hidden="true" className="h-4 w-4" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Item className={itemClass} onSelect={() => void saveWord()}>
              Wordをファイル保管庫に保存
            </DropdownMenu.Item>
            {EXPORT_FORMATS.map((format) => (
              <DropdownMenu.Item
                key={format.id}
                className={itemClass}
                onSelect={() => exportOther(format)}
              >
                {format.label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
