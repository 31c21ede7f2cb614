import { describe, expect, it } from 'vitest';
import { isSafeSegment, isSafeStoragePath, safeStorageName } from './storage.ts';

const STAMP = '20261127181500-';

describe('safeStorageName', () => {
  it.each([
    ['山田ベーカリー｜よくある質問', '山田ベーカリー_よくある質問.docx'],
    ['よくある質問・お問い合わせ', 'よくある質問_お問い合わせ.docx'],
    ['【公式】山田ベーカリー', '公式_山田ベーカリー.docx'],
    ['山田ベーカリー（本店）', '山田ベーカリー(本店).docx'],
    ['「パン」の予約について', 'パン_の予約について.docx'],
    ['ＡＢＣ商店　２号店', 'ABC商店 2号店.docx'],
    ['ｶﾀｶﾅ店', 'カタカナ店.docx'],
  ])('keeps the Japanese of %j and makes it storable', (title, expected) => {
    const name = safeStorageName(title, 'docx');
    expect(name).toBe(expected);
    expect(isSafeSegment(name)).toBe(true);
    expect(isSafeSegment(`${STAMP}${name}`)).toBe(true);
  });

  it.each([
    '../../etc/passwd',
    '..',
    '../',
    '/absolute/path',
    'a/../b',
    '..\\windows\\system32',
    'C:\\Users\\x',
  ])('never lets %j leave its folder', (title) => {
    const name = safeStorageName(title, 'docx');
    expect(name).not.toContain('/');
    expect(name).not.toContain('\\');
    expect(name).not.toContain('..');
    expect(isSafeSegment(name)).toBe(true);
    expect(isSafeStoragePath(`exports/${STAMP}${name}`)).toBe(true);
  });

  it('gives a name for a title with nothing storable, and for an empty one', () => {
    for (const title of ['', '   ', '｜・【】', '...', '\u0000\u0007'])
      expect(safeStorageName(title, 'docx')).toBe('file.docx');
    expect(safeStorageName('メモ')).toBe('メモ');
  });

  it('drops what a name may not end or start with', () => {
    expect(safeStorageName('.hidden', 'txt')).toBe('hidden.txt');
    expect(safeStorageName('終わりの点. ')).toBe('終わりの点');
    expect(safeStorageName('タブ\tと\n改行')).toBe('タブ と 改行');
  });

  it('stays within the byte limit with room for a date stamp, cutting whole characters', () => {
    const name = safeStorageName('長'.repeat(300), 'docx');
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(150);
    expect(name.endsWith('長.docx')).toBe(true);
    expect(isSafeSegment(`${STAMP}${name}`)).toBe(true);
  });
});
