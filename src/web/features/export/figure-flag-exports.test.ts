// @vitest-environment node
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { ExportDocument } from '../../../shared/generations.ts';
import { toCsv, toMarkdown } from './formats.ts';
import { buildWordBlob } from './word-layout.ts';

/** Exports of an answer the figure check flagged 要確認 (ADR 036). */
const flagged: ExportDocument = {
  title: '料金のFAQ',
  items: [
    {
      question: 'ランチの料金は？',
      answer: 'ランチセットは4,400円です。',
      evidence: 'ランチセット 4,840円',
      unverified: { phrases: ['4,400円'] },
    },
    { question: '定休日は？', answer: '火曜日です。' },
  ],
};
const NOTE = '要確認: ページ（根拠）に見つからない値があります（「4,400円」）';

describe('exports of a flagged answer', () => {
  it('CSV: the review copy notes it, the public copy gains a 要確認 column while it stands', () => {
    const review = toCsv(flagged, { variant: 'review' });
    expect(review).toContain(NOTE);
    const rows = toCsv(flagged).replace('\uFEFF', '').trim().split('\r\n');
    expect(rows[0]).toBe('"No.","質問","回答","専門家の意見","要確認"');
    expect(rows[1]).toContain(`"${NOTE}"`);
    expect(rows[2]!.endsWith(',""')).toBe(true);
    // Once cleared, the public CSV is as it always was.
    const cleared = toCsv({
      ...flagged,
      items: flagged.items.map(({ unverified: _u, ...item }) => item),
    });
    expect(cleared.split('\r\n')[0]).toBe('\uFEFF"No.","質問","回答","専門家の意見"');
  });

  it('Markdown: the note is in the public copy too', () => {
    expect(toMarkdown(flagged)).toContain('要確認: ページ（根拠）に見つからない値があります');
  });

  it('Word: the phrase is highlighted inside the answer and the note follows it', async () => {
    const blob = await buildWordBlob(flagged, { variant: 'review' });
    const zip = await JSZip.loadAsync(Buffer.from(await blob.arrayBuffer()));
    const xml = await zip.file('word/document.xml')!.async('string');
    const highlighted = [...xml.matchAll(/<w:r>((?:(?!<\/w:r>).)*?)<\/w:r>/g)]
      .filter((run) => run[1]!.includes('w:highlight w:val="yellow"'))
      .map((run) => /<w:t[^>]*>([^<]*)<\/w:t>/.exec(run[1]!)?.[1]);
    expect(highlighted).toEqual(['4,400円']);
    expect(xml).toContain('A: ランチセットは');
    expect(xml).toContain(NOTE);
  });
});
