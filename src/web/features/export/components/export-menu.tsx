import { DropdownMenu } from 'radix-ui';
import { ChevronDown, FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { toCsv, toHtml, toJsonLd, toMarkdown } from '../formats.ts';
import {
  downloadBlob,
  exportFileName,
  exportToWord,
  NOTHING_TO_EXPORT,
  type ExportItem,
} from '../word-document.ts';

const itemClass =
  'cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100';

/** Word (spec) plus CSV, Markdown, HTML and schema.org JSON-LD (DECISIONS §8). */
export function ExportMenu({
  title,
  items,
  disabled,
}: {
  title: string;
  items: ExportItem[];
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);

  async function word() {
    setBusy(true);
    try {
      if (await exportToWord(title, items)) toast.success('Wordファイルを出力しました');
    } catch {
      toast.error('Wordファイルの出力に失敗しました');
    } finally {
      setBusy(false);
    }
  }

  function other(extension: string, type: string, content: string) {
    if (items.length === 0) {
      window.alert(NOTHING_TO_EXPORT);
      return;
    }
    downloadBlob(new Blob([content], { type }), exportFileName(title, extension));
  }

  return (
    <div className="flex gap-2">
      <Button onClick={() => void word()} disabled={disabled || busy}>
        <FileDown aria-hidden="true" className="h-4 w-4" />
        Wordで出力（{items.length}件）
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
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => other('csv', 'text/csv;charset=utf-8', toCsv(items))}
            >
              CSV（Excel用）
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => other('md', 'text/markdown;charset=utf-8', toMarkdown(title, items))}
            >
              Markdown
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => other('html', 'text/html;charset=utf-8', toHtml(title, items))}
            >
              HTML
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => other('json', 'application/ld+json', toJsonLd(items))}
            >
              JSON-LD（構造化データ）
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
