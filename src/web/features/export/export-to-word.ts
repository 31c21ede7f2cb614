import {
  exportOptionsSchema,
  exportTitleSuffix,
  type ExportVariant,
} from '../../../shared/exports.ts';
import type { ExportItem } from '../../../shared/generations.ts';
import {
  DEFAULT_EXPORT_TITLE,
  downloadBlob,
  exportFileName,
  NOTHING_TO_EXPORT,
} from './download.ts';
import { showAlert } from '../../components/ui/alert-dialog.tsx';

/**
 * docs/spec.md §7: in the browser, title (default FAQリスト) and approved items in, '{title}.docx'
 * out: 公開用 unless `variant` asks for 確認用, whose file is '{title}（確認用）.docx'.
 * docs/spec.md §8: nothing approved → alert; a failure is logged and rethrown for the caller's
 * toast. Resolves false when nothing was exported.
 */
export async function exportToWord({
  title = DEFAULT_EXPORT_TITLE,
  items,
  unanswered,
  variant,
}: {
  title?: string;
  items: ExportItem[];
  unanswered?: string[];
  variant?: ExportVariant;
}): Promise<boolean> {
  const options = exportOptionsSchema.parse({ variant });
  if (items.length === 0) {
    void showAlert(NOTHING_TO_EXPORT);
    return false;
  }
  const name = title.trim() || DEFAULT_EXPORT_TITLE;
  try {
    // Loaded on demand: docx is large and most visits never export.
    const { buildWordBlob } = await import('./word-layout.ts');
    const blob = await buildWordBlob({ title: name, items, unanswered }, options);
    downloadBlob(blob, exportFileName(`${name}${exportTitleSuffix(options.variant)}`, 'docx'));
    return true;
  } catch (error) {
    console.error('Error generating Word document:', error);
    throw error;
  }
}
