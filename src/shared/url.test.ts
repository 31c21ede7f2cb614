import { describe, expect, it } from 'vitest';
import { isDocumentLink, isHttpUrl, isValidUrl } from './url.ts';

describe('URL helpers (docs/spec.md §5)', () => {
  it('accepts only absolute URLs', () => {
    expect(isValidUrl('https://example.jp/')).toBe(true);
    expect(isValidUrl('http://localhost:3000/a?b=c')).toBe(true);
    expect(isValidUrl('example.jp')).toBe(false);
    expect(isValidUrl('/relative')).toBe(false);
    expect(isValidUrl('')).toBe(false);
  });

  it('recognises document links by the path extension, false for invalid input', () => {
    for (const extension of [
      'pdf',
      'docx',
      'xlsx',
      'xls',
      'csv',
      'tsv',
      'md',
      'html',
      'htm',
      'txt',
      'log',
      'json',
      'yaml',
      'yml',
      'xml',
    ]) {
      expect(isDocumentLink(`https://example.jp/files/a.${extension}`)).toBe(true);
    }
    expect(isDocumentLink('https://example.jp/files/A.PDF?download=1')).toBe(true);
    expect(isDocumentLink('https://example.jp/pdf')).toBe(false);
    expect(isDocumentLink('https://example.jp/a.exe')).toBe(false);
    expect(isDocumentLink('not a url.pdf')).toBe(false);
  });

  it('allows only http and https for fetching', () => {
    expect(isHttpUrl('https://example.jp')).toBe(true);
    expect(isHttpUrl('ftp://example.jp')).toBe(false);
    expect(isHttpUrl('file:///etc/passwd')).toBe(false);
  });
});
