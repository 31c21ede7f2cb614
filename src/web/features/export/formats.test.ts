import { describe, expect, it } from 'vitest';
import { BELOW_LENGTH_NOTE } from '../../../shared/exports.ts';
import type { ExportItem } from '../../../shared/generations.ts';
import {
  csvCell,
  EXPORT_FORMATS,
  escapeMarkdown,
  toCsv,
  toHtml,
  toJsonLd,
  toMarkdown,
} from './formats.ts';

const items: ExportItem[] = [
  {
    question: '料金は？',
    answer: '=1+1 円です',
    sourceUrl: 'https://example.jp/pricing?a=1&b=2',
    evidence: '料金は<b>1,000円</b>です。',
  },
  {
    question: '<script>alert(1)</script>',
    answer: '統合した回答',
    expertAnswers: [
      { expert: '税理士', answer: '専門家の"回答"' },
      { expert: '弁護士', answer: '@SUM(A1:A2)' },
    ],
    integratedAnswer: '統合した回答',
  },
  {
    question: '改行は？',
    answer: '一行目\n二行目',
    sourceUrl: 'javascript:alert(1)',
    belowLength: true,
  },
];
const review = { variant: 'review' } as const;

/** A small RFC 4180 reader, to check the CSV as a spreadsheet would see it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += character;
  }
  return rows;
}

describe('CSV', () => {
  it('starts with a BOM, uses CRLF and reads back as the items (確認用)', () => {
    const csv = toCsv({ title: 'FAQ', items }, review);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parseCsv(csv.slice(1))).toEqual([
      ['No.', '質問', '回答', '専門家の意見', '出典', '根拠', '要確認'],
      [
        '1',
        '料金は？',
        "'=1+1 円です",
        '',
        'https://example.jp/pricing?a=1&b=2',
        '料金は<b>1,000円</b>です。',
        '',
      ],
      [
        '2',
        '<script>alert(1)</script>',
        '統合した回答',
        '【税理士】専門家の"回答"\n【弁護士】@SUM(A1:A2)',
        '',
        '',
        '',
      ],
      ['3', '改行は？', '一行目\n二行目', '', 'javascript:alert(1)', '', BELOW_LENGTH_NOTE],
    ]);
  });

  it('公開用 (the default) has the questions and answers only', () => {
    for (const csv of [toCsv({ title: 'FAQ', items }), toCsv({ title: 'FAQ', items }, {})])
      expect(parseCsv(csv.slice(1))).toEqual([
        ['No.', '質問', '回答', '専門家の意見'],
        ['1', '料金は？', "'=1+1 円です", ''],
        [
          '2',
          '<script>alert(1)</script>',
          '統合した回答',
          '【税理士】専門家の"回答"\n【弁護士】@SUM(A1:A2)',
        ],
        ['3', '改行は？', '一行目\n二行目', ''],
      ]);
  });

  it('neutralises every formula trigger and leaves other text alone', () => {
    for (const value of [
      '=HYPERLINK("http://x")',
      '+81-3',
      '-1',
      '@cmd',
      '\t=1',
      '\r=1',
      '＝SUM(A1)',
      '＋1',
      '－1',
      '＠cmd',
      ' =1',
      '\u3000＝1',
      '\u200B=HYPERLINK("http://x")',
      '\uFEFF+1',
      '\u2060 @cmd',
    ])
      expect(csvCell(value), JSON.stringify(value)).toBe(`"'${value.replaceAll('"', '""')}"`);
    for (const value of ['1', '営業時間は=10時', ' 1', '料金＝1,000円'])
      expect(csvCell(value)).toBe(`"${value.replaceAll('"', '""')}"`);
  });
});

describe('Markdown', () => {
  it('keeps questions, experts, integrated answers, line breaks and sources (確認用)', () => {
    const markdown = toMarkdown({ title: 'FAQ', items }, review);
    expect(markdown).toContain('# FAQ\n');
    expect(markdown).toContain('## Q1. 料金は？');
    expect(markdown).toContain('**専門家の意見:**');
    expect(markdown).toContain('- **【税理士】** 専門家の"回答"');
    expect(markdown).toContain('**統合回答:** 統合した回答');
    expect(markdown).toContain('一行目  \n二行目');
    expect(markdown).toContain('出典: <https://example.jp/pricing?a=1&b=2>');
    // Not a web address: shown as text, never as an autolink.
    expect(markdown).toContain('出典: javascript:alert(1)');
    expect(markdown).toContain(`**${BELOW_LENGTH_NOTE}**`);
  });

  it('escapes HTML and Markdown syntax from users and the model', () => {
    const markdown = toMarkdown({ title: '# 見出し', items });
    expect(markdown).toContain('## Q2. \\<script\\>alert(1)\\</script\\>');
    expect(markdown).toContain('# \\# 見出し');
    expect(escapeMarkdown('*強調* [リンク](x) `code` | ~')).toBe(
      '\\*強調\\* \\[リンク\\](x) \\`code\\` \\| \\~',
    );
    expect(escapeMarkdown('- 項目\n1. 番号\n> 引用')).toBe('\\- 項目\n1\\. 番号\n\\> 引用');
    expect(escapeMarkdown('価格は1.5倍です。')).toBe('価格は1.5倍です。');
  });
});

describe('HTML', () => {
  it('escapes everything from users and the model and links only web sources (確認用)', () => {
    const html = toHtml({ title: 'FAQ <b>"&"</b>', items }, review);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<title>FAQ &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;</title>');
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain(
      '<a href="https://example.jp/pricing?a=1&amp;b=2" rel="noopener noreferrer">',
    );
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('出典: javascript:alert(1)');
    expect(html).toContain('専門家の&quot;回答&quot;');
    expect(html).toContain('一行目<br>二行目');
    expect(html).toContain(`<p class="review">${BELOW_LENGTH_NOTE}</p>`);
  });

  it('parses as a document whose text is the items', () => {
    const page = new DOMParser().parseFromString(toHtml({ title: 'FAQ', items }), 'text/html');
    expect(page.querySelectorAll('section')).toHaveLength(3);
    expect(page.querySelector('section h2')?.textContent).toBe('Q1. 料金は？');
    expect(page.querySelectorAll('script')).toHaveLength(0);
    expect(page.querySelectorAll('section')[1]!.querySelector('h2')?.textContent).toBe(
      'Q2. <script>alert(1)</script>',
    );
  });
});

describe('JSON-LD', () => {
  it('is a valid schema.org FAQPage with the final answers', () => {
    const jsonLd = JSON.parse(toJsonLd({ title: 'よくある質問', items }));
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      name: 'よくある質問',
      inLanguage: 'ja',
    });
    expect(jsonLd.mainEntity).toHaveLength(3);
    expect(jsonLd.mainEntity[1]).toEqual({
      '@type': 'Question',
      name: '<script>alert(1)</script>',
      acceptedAnswer: { '@type': 'Answer', text: '統合した回答' },
    });
  });

  it('can be pasted into a script element: no literal "<" survives', () => {
    const text = toJsonLd({ title: 'x', items });
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003c/script>');
  });
});

describe('format list', () => {
  it('offers CSV, Markdown, HTML and JSON-LD with their extensions', () => {
    expect(EXPORT_FORMATS.map((format) => [format.label, format.extension])).toEqual([
      ['CSV（Excel用）', 'csv'],
      ['Markdown', 'md'],
      ['HTML', 'html'],
      ['JSON-LD（構造化データ）', 'json'],
    ]);
  });
});

describe('evidence (根拠)', () => {
  it('travels with the answer in every format of the 確認用 copy, as text', () => {
    const document = { title: 'FAQ', items };
    expect(toMarkdown(document, review)).toContain('> 根拠: 料金は\\<b\\>1,000円\\</b\\>です。');
    expect(toHtml(document, review)).toContain(
      '<blockquote class="evidence">根拠: 料金は&lt;b&gt;1,000円&lt;/b&gt;です。</blockquote>',
    );
    const jsonLd = JSON.parse(toJsonLd(document, review)) as {
      mainEntity: { acceptedAnswer: { citation?: string; url?: string } }[];
    };
    expect(jsonLd.mainEntity[0]!.acceptedAnswer).toMatchObject({
      citation: '料金は<b>1,000円</b>です。',
      url: 'https://example.jp/pricing?a=1&b=2',
    });
    expect(jsonLd.mainEntity[2]!.acceptedAnswer.url).toBeUndefined();
  });
});

describe('公開用 (what an export is unless 確認用 is asked for)', () => {
  const internal = ['根拠', '出典', '要確認', 'example.jp/pricing', 'javascript:alert', '1,000円'];

  it.each(EXPORT_FORMATS.map((format) => [format.id, format] as const))(
    '%s has no 根拠, 出典 or 要確認, with or without the variant named',
    (_id, format) => {
      for (const options of [undefined, {}, { variant: 'public' } as const]) {
        const text = format.render({ title: 'FAQ', items }, options);
        for (const word of internal) expect(text, word).not.toContain(word);
        expect(text).toContain('料金は？');
        expect(text).toContain('統合した回答');
      }
    },
  );

  it('refuses a variant that is neither, in Japanese', () => {
    expect(() => toMarkdown({ title: 'FAQ', items }, { variant: 'x' as 'public' })).toThrow(
      '出力の種類は「公開用」か「確認用」を選んでください',
    );
  });
});
