// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildWordDocument, exportFileName, type ExportItem } from './word-document.ts';

async function documentXml(items: ExportItem[], title = 'FAQリスト'): Promise<string> {
  const blob = await buildWordDocument(title, items);
  const zip = await JSZip.loadAsync(Buffer.from(await blob.arrayBuffer()));
  return zip.file('word/document.xml')!.async('string');
}

/** Every run (<w:r>) as {text, bold, size}. */
function runs(xml: string) {
  return [...xml.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map((match) => {
    const body = match[1]!;
    return {
      text: [...body.matchAll(/<w:t[^>]*>([\s\S]*?)<\/w:t>/g)].map((text) => text[1]).join(''),
      bold: /<w:b\/>|<w:b w:val="true"\/>/.test(body),
      size: Number(/<w:sz w:val="(\d+)"\/>/.exec(body)?.[1] ?? 0),
    };
  });
}

describe('Word export layout (spec §9)', () => {
  it('title in the Title style with spacing after 400; Q bold 24; A 22', async () => {
    const xml = await documentXml(
      [{ question: '営業時間は？', answer: '午前7時から午後7時までです。' }],
      '山田ベーカリー FAQ',
    );
    expect(xml).toMatch(
      /<w:pStyle w:val="Title"\/>[\s\S]*?<w:spacing w:after="400"\/>|<w:spacing w:after="400"\/>[\s\S]*?<w:pStyle w:val="Title"\/>/,
    );
    expect(xml).toContain('山田ベーカリー FAQ');
    const all = runs(xml);
    expect(all).toContainEqual({ text: 'Q1: 営業時間は？', bold: true, size: 24 });
    expect(all).toContainEqual({ text: 'A: 午前7時から午後7時までです。', bold: false, size: 22 });
  });

  it('expert layout: bold headings 22, expert names bold in brackets 20, answers 20, integrated answer', async () => {
    const xml = await documentXml([
      {
        question: '相続税はかかりますか？',
        answer: '統合',
        expertAnswers: [
          { expert: '税理士', answer: '基礎控除を超える場合にかかります。' },
          { expert: '弁護士', answer: '遺産分割の内容も確認しましょう。' },
        ],
        integratedAnswer: '基礎控除額を確認し、専門家に相談しましょう。',
      },
    ]);
    const all = runs(xml);
    expect(all).toContainEqual({ text: '専門家の意見:', bold: true, size: 22 });
    expect(all).toContainEqual({ text: '[税理士]', bold: true, size: 20 });
    expect(all).toContainEqual({
      text: '基礎控除を超える場合にかかります。',
      bold: false,
      size: 20,
    });
    expect(all).toContainEqual({ text: '統合回答:', bold: true, size: 22 });
    expect(all).toContainEqual({
      text: '基礎控除額を確認し、専門家に相談しましょう。',
      bold: false,
      size: 20,
    });
    expect(all.some((run) => run.text.startsWith('A: '))).toBe(false);
  });

  it('sets an East Asian font for Japanese text', async () => {
    const blob = await buildWordDocument('t', [{ question: 'q', answer: 'a' }]);
    const zip = await JSZip.loadAsync(Buffer.from(await blob.arrayBuffer()));
    const styles = await zip.file('word/styles.xml')!.async('string');
    expect(styles).toMatch(/w:eastAsia="游ゴシック"/);
  });

  it('handles 100 items × 5 experts', async () => {
    const items = Array.from({ length: 100 }, (_, index) => ({
      question: `質問${index + 1}`,
      answer: '統合',
      expertAnswers: Array.from({ length: 5 }, (_, expert) => ({
        expert: `専門家${expert + 1}`,
        answer: `回答${index + 1}-${expert + 1}`,
      })),
      integratedAnswer: `統合回答${index + 1}`,
    }));
    const all = runs(await documentXml(items));
    expect(all.filter((run) => /^Q\d+: /.test(run.text))).toHaveLength(100);
    expect(all.filter((run) => /^\[専門家\d\]$/.test(run.text))).toHaveLength(500);
    expect(all.at(-1)!.text).toBe('統合回答100');
  });

  it('keeps Japanese in file names and drops characters file systems refuse', () => {
    expect(exportFileName('FAQ: 料金/支払い?', 'docx')).toBe('FAQ_ 料金_支払い_.docx');
    expect(exportFileName('   ', 'docx')).toBe('FAQリスト.docx');
  });

  it('renders in LibreOffice with the Japanese text intact', async () => {
    if (!existsSync('/usr/bin/soffice') && !process.env.CI) return; // CI installs LibreOffice; there it must run.
    const dir = mkdtempSync(path.join(tmpdir(), 'docx-'));
    const file = path.join(dir, 'faq.docx');
    const blob = await buildWordDocument('よくある質問', [
      { question: '駐車場はありますか？', answer: '店舗裏に5台分の駐車場がございます。' },
    ]);
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    execFileSync(
      'soffice',
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=file://${dir}/profile`,
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        file,
      ],
      { timeout: 90_000 },
    );
    execFileSync('pdftotext', [path.join(dir, 'faq.pdf'), path.join(dir, 'faq.txt')]);
    // pdftotext puts spaces around Latin digits inside Japanese text; compare without spaces.
    const text = readFileSync(path.join(dir, 'faq.txt'), 'utf8').replace(/\s+/g, '');
    expect(text).toContain('よくある質問');
    expect(text).toContain('Q1:駐車場はありますか？');
    expect(text).toContain('A:店舗裏に5台分の駐車場がございます。');
  }, 120_000);
});
