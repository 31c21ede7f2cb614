import { DropdownMenu } from 'radix-ui';
import { ChevronDown, FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ExportItem } from '../../../../shared/generations.ts';
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

/** Storage paths take letters, digits and a few marks; the date keeps saves apart. */
function savedFileName(filename: string): string {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return `${stamp}-${filename.replace(/[\\/:*?"<>|\s]+/g, '_')}`;
}

const itemClass =
  'cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100';

/**
 * Word (spec §7) plus CSV, Markdown, HTML and schema.org JSON-LD (docs/product-decisions.md §8). `items` are
 * the approved ones; found by role and name ('Wordで出力', 'その他の形式', menu items).
 * `unanswered` (questions the page left unanswered) is an appendix of the Word file only: the
 * other formats are for publishing, where a list of unanswered questions does not belong.
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

  async function exportWord() {
    setBusy(true);
    try {
      if (await exportToWord({ title, items, unanswered }))
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
      const filename = exportFileName(name, 'docx');
      const saved = await storage.upload(
        await buildWordBlob({ title: name, items, unanswered }),
        `exports/${savedFileName(filename)}`,
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
    const content = format.render({ title, items });
    downloadBlob(
      new Blob([content], { type: format.mimeType }),
      exportFileName(title, format.extension),
    );
  }

  return (
    <div role="group" aria-label="エクスポート" className="flex flex-wrap gap-2">
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
