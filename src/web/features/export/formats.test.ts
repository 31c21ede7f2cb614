import { describe, expect, it } from 'vitest';
import { toCsv, toHtml, toJsonLd, toMarkdown } from './formats.ts';

const items = [
  { question: '料金は？', answer: '=1+1 円です', sourceUrl: 'https://example.jp/pricing' },
  {
    question: '<script>alert(1)</script>',
    answer: '"引用"を含む回答',
    expertAnswers: [{ expert: '税理士', answer: '専門家の回答' }],
    integratedAnswer: '統合した回答',
  },
];

describe('export formats', () => {
  it('CSV: BOM, CRLF, quoting and formula injection neutralised', () => {
    const csv = toCsv(items);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(`"1","料金は？","'=1+1 円です","https://example.jp/pricing"\r\n`);
    expect(csv).toContain('"2","<script>alert(1)</script>","統合した回答",""');
  });

  it('HTML escapes everything from users and the model', () => {
    const html = toHtml('FAQ <b>', items);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<title>FAQ &lt;b&gt;</title>');
    expect(html).toContain('<a href="https://example.jp/pricing">');
  });

  it('Markdown keeps experts and sources; JSON-LD is a valid FAQPage', () => {
    const markdown = toMarkdown('FAQ', items);
    expect(markdown).toContain('## Q1. 料金は？');
    expect(markdown).toContain('**[税理士]** 専門家の回答');
    expect(markdown).toContain('出典: <https://example.jp/pricing>');
    const jsonLd = JSON.parse(toJsonLd(items));
    expect(jsonLd['@type']).toBe('FAQPage');
    expect(jsonLd.mainEntity[1]).toEqual({
      '@type': 'Question',
      name: '<script>alert(1)</script>',
      acceptedAnswer: { '@type': 'Answer', text: '統合した回答' },
    });
  });
});
