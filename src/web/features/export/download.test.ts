import { describe, expect, it } from 'vitest';
import { exportFileName } from './download.ts';

describe('exportFileName', () => {
  it('keeps Japanese and replaces characters file systems refuse', () => {
    expect(exportFileName('FAQ: 料金/支払い?', 'docx')).toBe('FAQ_ 料金_支払い_.docx');
    expect(exportFileName('a\\b*c"d<e>f|g', 'csv')).toBe('a_b_c_d_e_f_g.csv');
    expect(exportFileName('改行\nと\tタブ', 'docx')).toBe('改行 と タブ.docx');
  });

  it('falls back to FAQリスト for empty names and avoids device names and trailing dots', () => {
    expect(exportFileName('   ', 'docx')).toBe('FAQリスト.docx');
    expect(exportFileName('///', 'docx')).toBe('FAQリスト.docx');
    expect(exportFileName('CON', 'md')).toBe('CON_.md');
    expect(exportFileName('まとめ...', 'html')).toBe('まとめ.html');
  });

  it('shortens very long titles', () => {
    expect(exportFileName('あ'.repeat(300), 'docx')).toBe(`${'あ'.repeat(100)}.docx`);
  });
});
