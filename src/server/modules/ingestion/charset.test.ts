import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeBody } from './charset.ts';

// Pages are encoded with iconv-lite, an implementation independent of the decoder under test.
const TEXT = '営業時間は①９時～１８時です。髙橋様・ｶﾀｶﾅ・〒150-0001';

/** The characters of `expected` that `actual` does not have in the same place (short output). */
function mismatches(actual: string, expected: string): string[] {
  const a = [...actual];
  return [...expected].filter((char, index) => a[index] !== char).slice(0, 10);
}

/** Every printable character `encoding` can write, so one decode covers its repertoire. */
function repertoire(encoding: string): string {
  let text = '';
  for (let code = 0x20; code <= 0xffff; code += 1) {
    // Control characters and lone surrogates never carry a page's text.
    if ((code >= 0x7f && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff)) continue;
    const char = String.fromCharCode(code);
    const bytes = iconv.encode(char, encoding);
    if (iconv.decode(bytes, encoding) === char && !(bytes.length === 1 && bytes[0] === 0x3f)) {
      text += char;
    }
  }
  return text;
}

/** Decoding everything iconv-lite writes as `encoding` gives back exactly what was written. */
function expectWholeRepertoire(encoding: string, label: string, atLeast: number): void {
  const all = repertoire(encoding);
  expect(all.length).toBeGreaterThan(atLeast);
  const decoded = decodeBody(iconv.encode(all, encoding), `text/plain; charset=${label}`).text;
  expect(mismatches(decoded, all)).toEqual([]);
  expect(decoded.length).toBe(all.length);
}

describe('decodeBody', () => {
  it('decodes Shift_JIS with Windows extensions under each common label', () => {
    const body = iconv.encode(TEXT, 'cp932');
    for (const label of ['Shift_JIS', 'shift-jis', 'sjis', 'x-sjis', 'windows-31j', 'cp932']) {
      expect(decodeBody(body, `text/html; charset=${label}`)).toEqual({
        text: TEXT,
        charset: 'shift_jis',
      });
    }
  });

  it('decodes every character Windows Shift_JIS (cp932) can write', () => {
    expectWholeRepertoire('cp932', 'shift_jis', 7000);
  });

  it('decodes EUC-JP under each common label, across its repertoire', () => {
    const body = iconv.encode('営業時間は９時～１８時です。ｶﾀｶﾅ', 'euc-jp');
    for (const label of ['EUC-JP', 'x-euc-jp']) {
      expect(decodeBody(body, `text/html; charset=${label}`).text).toBe(
        '営業時間は９時～１８時です。ｶﾀｶﾅ',
      );
    }
    expectWholeRepertoire('euc-jp', 'euc-jp', 6000);
  });

  it('decodes ISO-2022-JP (JIS X 0208 and ASCII escapes)', () => {
    // ESC $ B 日本 ESC ( B A
    const jis = Buffer.from([0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42, 0x41]);
    for (const label of ['ISO-2022-JP', 'csISO2022JP']) {
      expect(decodeBody(jis, `text/plain; charset=${label}`)).toEqual({
        text: '日本A',
        charset: 'iso-2022-jp',
      });
    }
  });

  it('reads the charset from <meta> when the header has none', () => {
    const page = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=EUC-JP"></head><body>${TEXT.slice(0, 8)}</body></html>`;
    expect(decodeBody(iconv.encode(page, 'euc-jp'), 'text/html')).toEqual({
      text: page,
      charset: 'euc-jp',
    });
  });

  it('detects Shift_JIS, EUC-JP and ISO-2022-JP when nothing declares a charset', () => {
    const text = '当店の営業時間は午前九時から午後六時までです。定休日は水曜日です。';
    expect(decodeBody(iconv.encode(text, 'cp932'))).toEqual({ text, charset: 'shift_jis' });
    expect(decodeBody(iconv.encode(text, 'euc-jp'))).toEqual({ text, charset: 'euc-jp' });
    // ESC $ B 営業 ESC ( B
    const jis = Buffer.from([0x1b, 0x24, 0x42, 0x31, 0x44, 0x36, 0x48, 0x1b, 0x28, 0x42]);
    expect(decodeBody(jis)).toEqual({ text: '営業', charset: 'iso-2022-jp' });
  });

  it('lets a BOM win over the header, and drops it', () => {
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('テスト')]);
    expect(decodeBody(utf8, 'text/html; charset=shift_jis')).toEqual({
      text: 'テスト',
      charset: 'utf-8',
    });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('テスト', 'utf16le')]);
    expect(decodeBody(utf16, 'text/plain; charset=shift_jis').text).toBe('テスト');
  });

  it('ignores a charset it cannot decode and falls back to the next clue', () => {
    expect(decodeBody(Buffer.from('営業時間'), 'text/plain; charset=x-unknown')).toEqual({
      text: '営業時間',
      charset: 'utf-8',
    });
  });
});
