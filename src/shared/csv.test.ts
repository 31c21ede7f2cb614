import { describe, expect, it } from 'vitest';
import { looksLikeFormula, quotedCsvCell } from './csv.ts';

// One writer serves the FAQ export (web) and the admin CSV (server).
describe('CSV cells a spreadsheet could take for a formula', () => {
  it.each([
    ['=', '=1+1'],
    ['+', '+81-3'],
    ['-', '-1'],
    ['@', '@SUM(A1)'],
    ['full-width ＝', '＝SUM(A1)'],
    ['full-width ＋', '＋1'],
    ['full-width －', '－1'],
    ['full-width ＠', '＠cmd'],
    ['small ﹦ (U+FE66)', '\uFE66HYPERLINK("http://x")'],
    ['small ﹢ (U+FE62)', '\uFE621'],
    ['small ﹣ (U+FE63)', '\uFE631'],
    ['small ﹫ (U+FE6B)', '\uFE6Bcmd'],
    ['superscript ⁼ (U+207C)', '\u207C1+1'],
    ['superscript ⁺ (U+207A)', '\u207A1'],
    ['superscript ⁻ (U+207B)', '\u207B1'],
    ['subscript ₌ (U+208C)', '\u208C1'],
    ['minus sign − (U+2212)', '\u22121'],
    ['a space', ' =1'],
    ['an ideographic space', '\u3000＝1'],
    ['a tab', '\t=1'],
    ['a lone tab', '\tabc'],
    ['a carriage return', '\r=1'],
    ['a no-break space', '\u00A0=1'],
    ['a zero-width space', '\u200B=HYPERLINK("http://x")'],
    ['a zero-width joiner', '\u200D=1'],
    ['a BOM', '\uFEFF+1'],
    ['a word joiner and space', '\u2060 @cmd'],
    ['a soft hyphen', '\u00AD=1'],
    ['a left-to-right mark', '\u200E=1'],
    ['a right-to-left mark', '\u200F=1'],
    ['an Arabic letter mark', '\u061C=1'],
    ['a bidi embedding', '\u202A=1'],
    ['a bidi override', '\u202E=1'],
    ['a bidi isolate', '\u2066=1\u2069'],
    ['a Hangul filler', '\u3164=1'],
    ['several marks', '\u200E\u200B \uFEFF\uFE66cmd'],
  ])('neutralises %s', (_name, value) => {
    expect(looksLikeFormula(value)).toBe(true);
    expect(quotedCsvCell(value)).toBe(`"'${value.replaceAll('"', '""')}"`);
  });

  it.each([
    '1',
    '営業時間は=10時',
    ' 1',
    '料金＝1,000円',
    'メール: a@example.jp',
    '\u200Bこんにちは',
    '※ご注意ください',
    '',
  ])('leaves %j as it is', (value) => {
    expect(looksLikeFormula(value)).toBe(false);
    expect(quotedCsvCell(value)).toBe(`"${value}"`);
  });

  it('writes numbers as they are', () => {
    expect(quotedCsvCell(-1)).toBe(`"'-1"`);
    expect(quotedCsvCell(42)).toBe('"42"');
  });
});
