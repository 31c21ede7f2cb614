import { describe, expect, it } from 'vitest';
import { nestedHtml } from '../../../../tests/fixtures/parser-bombs.ts';
import { HTML_TOO_DEEP_MESSAGE, htmlNestingDepth, MAX_HTML_DEPTH } from './html-depth.ts';
import { extractHtml } from './html-extract.ts';

describe('htmlNestingDepth', () => {
  it('counts elements as linkedom nests them', () => {
    expect(htmlNestingDepth('<div><p>a</p><p>b</p></div>')).toBe(2);
    // Void elements and implied ends (li, p, td) do not nest.
    expect(htmlNestingDepth(`<ul>${'<li>項目<br><img src="a.png">'.repeat(1000)}</ul>`)).toBe(2);
    expect(htmlNestingDepth(`<div>${'<p>段落'.repeat(1000)}</div>`)).toBe(2);
    expect(htmlNestingDepth(`<table>${'<tr><td>a<td>b'.repeat(1000)}</table>`)).toBe(3);
    // A close tag closes what it finds open, however deep; a stray one closes nothing.
    expect(htmlNestingDepth('<div><span><b>a</div></span></b><i>x</i>')).toBe(3);
  });

  it('skips comments, declarations and script text, and honours self-closing only in SVG', () => {
    expect(htmlNestingDepth(`<!doctype html><!-- ${'<div>'.repeat(1000)} --><p>a</p>`)).toBe(1);
    expect(htmlNestingDepth(`<script>${'<div>'.repeat(1000)}</script><p>a</p>`)).toBe(1);
    expect(htmlNestingDepth(`<div title="a>b">${"<span title='>'>".repeat(3)}`)).toBe(4);
    expect(htmlNestingDepth(`<svg>${'<path d="M0 0"/>'.repeat(1000)}</svg>`)).toBe(1);
    expect(htmlNestingDepth('<div/><div/><div/>')).toBe(3);
  });

  it('stops counting past the limit, quickly even for 50,000 levels', () => {
    expect(htmlNestingDepth(nestedHtml(50_000))).toBe(MAX_HTML_DEPTH + 1);
    expect(htmlNestingDepth(nestedHtml(200))).toBeLessThan(MAX_HTML_DEPTH);
  });

  it('makes extractHtml refuse a page deeper than the budget before parsing it', () => {
    expect(() => extractHtml(nestedHtml(2_000), 'https://a.example/')).toThrow(
      HTML_TOO_DEEP_MESSAGE,
    );
    expect(extractHtml(nestedHtml(100), 'https://a.example/').text).toContain('営業時間');
  });
});
