import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import JSZip from 'jszip';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportItem } from '../../../../shared/generations.ts';
import { AlertDialogHost } from '../../../components/ui/alert-dialog.tsx';
import { isSafeStoragePath } from '../../../../shared/storage.ts';
import { ExportMenu } from './export-menu.tsx';

const items: ExportItem[] = [
  {
    question: '営業時間は？',
    answer: '午前9時から午後6時までです。',
    sourceUrl: 'https://example.jp/access',
    evidence: '営業時間 9:00〜18:00',
  },
  {
    question: '相続税は？',
    answer: '統合',
    expertAnswers: [{ expert: '税理士', answer: '基礎控除を確認します。' }],
    integratedAnswer: '統合',
  },
];

/** Captures what the browser would save: the file name and the blob behind the object URL. */
let downloads: { name: string; blob: Blob }[];
beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  let counter = 0;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${counter++}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => {
  vi.useRealTimers();
});

function renderMenu(props: { title?: string; items: ExportItem[] }) {
  return render(
    <>
      <ExportMenu {...props} />
      <Toaster />
      <AlertDialogHost />
    </>,
  );
}

describe('ExportMenu', () => {
  it('downloads {title}.docx built from the items', async () => {
    const user = userEvent.setup();
    renderMenu({ title: '山田ベーカリー のFAQ', items });
    await user.click(screen.getByRole('button', { name: 'Wordで出力（2件）' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('山田ベーカリー のFAQ.docx');
    const zip = await JSZip.loadAsync(await downloads[0]!.blob.arrayBuffer());
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('Q1: 営業時間は？');
    expect(xml).toContain('【税理士】');
    expect(await screen.findByText('Wordファイルを出力しました')).toBeInTheDocument();
  });

  it('offers 公開用 (chosen) and 確認用 as a labelled radio group', async () => {
    renderMenu({ title: 'FAQ', items });
    const group = screen.getByRole('radiogroup', { name: '出力内容' });
    expect(within(group).getByRole('radio', { name: '公開用' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '確認用' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: '公開用' })).toHaveAccessibleDescription(
      '質問と回答のみ。ウェブサイトにそのまま載せられます',
    );
  });

  it('writes 公開用 Word without 根拠 and 出典, and 確認用 with them under its own name', async () => {
    const user = userEvent.setup();
    renderMenu({ title: '山田ベーカリー', items });
    const wordText = async (index: number) =>
      (await JSZip.loadAsync(await downloads[index]!.blob.arrayBuffer()))
        .file('word/document.xml')!
        .async('string');

    await user.click(screen.getByRole('button', { name: 'Wordで出力（2件）' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('山田ベーカリー.docx');
    const published = await wordText(0);
    expect(published).toContain('Q1: 営業時間は？');
    expect(published).not.toContain('根拠');
    expect(published).not.toContain('出典');

    await user.click(screen.getByRole('radio', { name: '確認用' }));
    await user.click(screen.getByRole('button', { name: 'Wordで出力（2件）' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]!.name).toBe('山田ベーカリー（確認用）.docx');
    const reviewed = await wordText(1);
    expect(reviewed).toContain('根拠: 営業時間 9:00〜18:00');
    expect(reviewed).toContain('出典: ');
  });

  it('uses FAQリスト when no title is given', async () => {
    const user = userEvent.setup();
    renderMenu({ items });
    await user.click(screen.getByRole('button', { name: /Wordで出力/ }));
    await waitFor(() =>
      expect(downloads.map((download) => download.name)).toEqual(['FAQリスト.docx']),
    );
  });

  it('alerts instead of exporting when nothing is approved, for Word and the other formats', async () => {
    const user = userEvent.setup();
    renderMenu({ title: 'FAQ', items: [] });
    await user.click(screen.getByRole('button', { name: 'Wordで出力（0件）' }));
    const alert = await screen.findByRole('alertdialog', {
      name: 'エクスポートするFAQを選択してください',
    });
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'その他の形式' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Markdown' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'エクスポートするFAQを選択してください' }),
    ).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });

  it.each([
    ['CSV（Excel用）', 'FAQ.csv', '\uFEFF"No.","質問"'],
    ['Markdown', 'FAQ.md', '# FAQ'],
    ['HTML', 'FAQ.html', '<!doctype html>'],
    ['JSON-LD（構造化データ）', 'FAQ.json', '{\n  "@context": "https://schema.org"'],
  ])('exports %s from the menu', async (label, fileName, start) => {
    const user = userEvent.setup();
    renderMenu({ title: 'FAQ', items });
    await user.click(screen.getByRole('button', { name: 'その他の形式' }));
    await user.click(await screen.findByRole('menuitem', { name: label }));
    expect(downloads.map((download) => download.name)).toEqual([fileName]);
    // Blob.text() would decode and drop the BOM; read the raw bytes instead.
    const bytes = new Uint8Array(await downloads[0]!.blob.arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).startsWith(start)).toBe(
      true,
    );
  });
});

describe('ExportMenu saving to file storage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uploads the Word file to the user’s storage and offers to download it', async () => {
    const requests: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({ url, body: init?.body });
      if (url === '/api/config')
        return new Response(
          JSON.stringify({
            brandName: 'FAQ工房',
            projectId: 'faq-kobo',
            environment: 'test',
            supportEmail: 's@example.jp',
            seller: { name: 'n', representative: 'r', address: 'a', phone: 'p', email: 'e' },
          }),
        );
      const form = init?.body as FormData;
      return new Response(
        JSON.stringify({
          path: String(form.get('path')),
          size: (form.get('file') as Blob).size,
          contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        }),
      );
    });
    const user = userEvent.setup();
    render(
      <>
        <Toaster />
        <ExportMenu title="山田ベーカリー" items={items} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'その他の形式' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Wordをファイル保管庫に保存' }));
    await screen.findByText('「山田ベーカリー.docx」を保存しました');
    const upload = requests.find((request) => request.url === '/api/storage/faq-kobo/upload')!;
    const form = upload.body as FormData;
    expect(String(form.get('path'))).toMatch(/^exports\/\d{14}-山田ベーカリー\.docx$/);
    expect(JSON.parse(String(form.get('options')))).toEqual({ upsert: true });
    const zip = await JSZip.loadAsync(await (form.get('file') as Blob).arrayBuffer());
    expect(await zip.file('word/document.xml')!.async('string')).toContain('営業時間は？');
    expect(screen.getByRole('button', { name: 'ダウンロード' })).toBeInTheDocument();
  });

  it('saves a URL-mode record whose title has ｜・【】（） under a safe name, in 確認用 too', async () => {
    const paths: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/config')
        return new Response(
          JSON.stringify({
            brandName: 'FAQ工房',
            projectId: 'faq-kobo',
            environment: 'test',
            supportEmail: 's@example.jp',
            seller: { name: 'n', representative: 'r', address: 'a', phone: 'p', email: 'e' },
          }),
        );
      const form = init?.body as FormData;
      paths.push(String(form.get('path')));
      return new Response(
        JSON.stringify({ path: paths.at(-1), size: 1, contentType: 'application/octet-stream' }),
      );
    });
    const user = userEvent.setup();
    render(
      <>
        <Toaster />
        <ExportMenu title="山田ベーカリー｜よくある質問・【公式】（本店）" items={items} />
      </>,
    );
    await user.click(screen.getByRole('radio', { name: '確認用' }));
    await user.click(screen.getByRole('button', { name: 'その他の形式' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Wordをファイル保管庫に保存' }));
    await screen.findByText(
      '「山田ベーカリー｜よくある質問・【公式】（本店）（確認用）.docx」を保存しました',
    );
    expect(paths).toHaveLength(1);
    expect(paths[0]).toMatch(
      /^exports\/\d{14}-山田ベーカリー_よくある質問_公式_\(本店\)\(確認用\)\.docx$/,
    );
    expect(isSafeStoragePath(paths[0]!)).toBe(true);
  });
});
