import type { FaqItem } from '../../../shared/generations.ts';

export type ExportItem = Pick<
  FaqItem,
  'question' | 'answer' | 'expertAnswers' | 'integratedAnswer' | 'sourceUrl'
>;

export const DEFAULT_EXPORT_TITLE = 'FAQリスト';
const EAST_ASIAN_FONT = {
  ascii: 'Yu Gothic',
  hAnsi: 'Yu Gothic',
  eastAsia: '游ゴシック',
  cs: 'Noto Sans JP',
};

/**
 * The Word layout of spec §9. `docx` is imported here only, so it lands in its own chunk that
 * loads when the user exports, not with the app.
 */
export async function buildWordDocument(title: string, items: ExportItem[]): Promise<Blob> {
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx');
  const children = [
    new Paragraph({ text: title, heading: HeadingLevel.TITLE, spacing: { after: 400 } }),
  ];
  items.forEach((item, index) => {
    children.push(
      new Paragraph({
        children: [new TextRun({ text: `Q${index + 1}: ${item.question}`, bold: true, size: 24 })],
        spacing: { before: 240 },
      }),
    );
    if (item.expertAnswers && item.expertAnswers.length > 0) {
      children.push(
        new Paragraph({ children: [new TextRun({ text: '専門家の意見:', bold: true, size: 22 })] }),
      );
      for (const expert of item.expertAnswers) {
        children.push(
          new Paragraph({
            children: [new TextRun({ text: `[${expert.expert}]`, bold: true, size: 20 })],
          }),
        );
        children.push(
          new Paragraph({ children: [new TextRun({ text: expert.answer, size: 20 })] }),
        );
      }
      if (item.integratedAnswer) {
        children.push(
          new Paragraph({ children: [new TextRun({ text: '統合回答:', bold: true, size: 22 })] }),
        );
        children.push(
          new Paragraph({ children: [new TextRun({ text: item.integratedAnswer, size: 20 })] }),
        );
      }
    } else {
      children.push(
        new Paragraph({ children: [new TextRun({ text: `A: ${item.answer}`, size: 22 })] }),
      );
    }
    if (item.sourceUrl)
      children.push(
        new Paragraph({
          children: [new TextRun({ text: `出典: ${item.sourceUrl}`, size: 18, color: '666666' })],
        }),
      );
  });
  const document = new Document({
    creator: 'FAQ工房',
    title,
    styles: { default: { document: { run: { font: EAST_ASIAN_FONT } } } },
    sections: [{ children }],
  });
  return Packer.toBlob(document);
}

/** File names keep Japanese but lose characters Windows and macOS refuse. */
export function exportFileName(title: string, extension: string): string {
  const safe =
    [...title]
      .map((character) =>
        character.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(character) ? '_' : character,
      )
      .join('')
      .trim() || DEFAULT_EXPORT_TITLE;
  return `${safe}.${extension}`;
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const NOTHING_TO_EXPORT = 'エクスポートするFAQを選択してください';

/** Spec §7/§8: none approved → alert; failure logged, rethrown (the caller shows a toast). */
export async function exportToWord(title: string, items: ExportItem[]): Promise<boolean> {
  if (items.length === 0) {
    window.alert(NOTHING_TO_EXPORT);
    return false;
  }
  try {
    const blob = await buildWordDocument(title || DEFAULT_EXPORT_TITLE, items);
    downloadBlob(blob, exportFileName(title || DEFAULT_EXPORT_TITLE, 'docx'));
    return true;
  } catch (error) {
    console.error('Error generating Word document:', error);
    throw error;
  }
}
