import { HttpError } from '../../lib/http-error.ts';

/**
 * Deepest element nesting a page may have. Readability and the density fallback cost roughly
 * the cube of the depth (measured: 100 levels 0.2 s, 250 levels 0.4 s, 500 levels 2 s, 2,000
 * levels 38 s) and linkedom's parser itself is quadratic in it. Real pages stay far below:
 * Lighthouse flags pages deeper than 32, and Chrome's own parser stops nesting at 512.
 */
export const MAX_HTML_DEPTH = 256;
export const HTML_TOO_DEEP_MESSAGE = `ページの構造が深すぎるため読み込めません（入れ子は${MAX_HTML_DEPTH}階層まで）`;

// The rules below are those of htmlparser2, which linkedom parses with, so the depth counted
// here is the depth of the tree linkedom would build.
const P = new Set(['p']);
const FORM = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', new Set(['dd', 'dt'])],
  ['dt', new Set(['dd', 'dt'])],
  ['rt', new Set(['rt', 'rp'])],
  ['rp', new Set(['rt', 'rp'])],
  ['tbody', new Set(['thead', 'tbody'])],
  ['tfoot', new Set(['thead', 'tbody'])],
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map(
    (name) => [name, FORM] as [string, Set<string>],
  ),
  ...[
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'address',
    'article',
    'aside',
    'blockquote',
    'details',
    'div',
    'dl',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hr',
    'main',
    'nav',
    'ol',
    'pre',
    'section',
    'table',
    'ul',
  ].map((name) => [name, P] as [string, Set<string>]),
]);
const VOID = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Their content is text up to their own end tag. */
const RAW_TEXT_END = new Map(
  ['script', 'style', 'title', 'textarea', 'xmp'].map((name) => [
    name,
    new RegExp(`</${name}`, 'gi'),
  ]),
);
/** Inside these, `<x/>` closes itself; in HTML it opens `x`. */
const FOREIGN = new Set(['svg', 'math']);

function isNameChar(code: number): boolean {
  // Anything but whitespace, `/`, `>` and end of input continues a tag name.
  return code > 32 && code !== 47 && code !== 62;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * How deep the elements of `html` nest, counted in one pass and given up as soon as it passes
 * `limit` (the answer is then `limit + 1`). Linear in the length: a close tag finds its open
 * element through a count per name, never by searching the stack.
 */
export function htmlNestingDepth(html: string, limit = MAX_HTML_DEPTH): number {
  const stack: string[] = [];
  const open = new Map<string, number>();
  let foreign = 0;
  let deepest = 0;
  const push = (name: string) => {
    stack.push(name);
    open.set(name, (open.get(name) ?? 0) + 1);
    if (FOREIGN.has(name)) foreign++;
    deepest = Math.max(deepest, stack.length);
  };
  const pop = () => {
    const name = stack.pop()!;
    open.set(name, open.get(name)! - 1);
    if (FOREIGN.has(name)) foreign--;
  };
  let index = 0;
  const length = html.length;
  while (index < length && deepest <= limit) {
    const lt = html.indexOf('<', index);
    if (lt < 0 || lt + 1 >= length) break;
    const next = html.charCodeAt(lt + 1);
    if (html.startsWith('!--', lt + 1)) {
      const end = html.indexOf('-->', lt + 4);
      index = end < 0 ? length : end + 3;
      continue;
    }
    if (next === 33 || next === 63) {
      // <!doctype …>, <![CDATA[ … ]]>, <?xml …?>
      const end = html.indexOf('>', lt + 2);
      index = end < 0 ? length : end + 1;
      continue;
    }
    const closing = next === 47;
    const nameStart = closing ? lt + 2 : lt + 1;
    if (!isLetter(html.charCodeAt(nameStart))) {
      index = lt + 1;
      continue;
    }
    let nameEnd = nameStart;
    while (nameEnd < length && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    // The end of the tag, stepping over quoted attribute values that may hold `>`.
    let cursor = nameEnd;
    let quote = 0;
    while (cursor < length) {
      const code = html.charCodeAt(cursor);
      if (quote) {
        if (code === quote) quote = 0;
      } else if (code === 34 || code === 39) quote = code;
      else if (code === 62) break;
      cursor++;
    }
    const selfClosing = html.charCodeAt(cursor - 1) === 47;
    index = cursor + 1;
    if (closing) {
      if (!VOID.has(name) && (open.get(name) ?? 0) > 0) {
        while (stack.at(-1) !== name) pop();
        pop();
      }
      continue;
    }
    const closes = OPEN_IMPLIES_CLOSE.get(name);
    if (closes) while (stack.length > 0 && closes.has(stack.at(-1)!)) pop();
    if (VOID.has(name)) continue;
    if (selfClosing && foreign > 0) continue;
    push(name);
    const rawTextEnd = selfClosing ? undefined : RAW_TEXT_END.get(name);
    if (rawTextEnd) {
      rawTextEnd.lastIndex = index;
      const end = rawTextEnd.exec(html);
      index = end ? end.index : length;
    }
  }
  return Math.min(deepest, limit + 1);
}

/** Refuses a page nested deeper than the parsers can afford, before any of them runs. */
export function assertHtmlDepth(html: string): void {
  if (htmlNestingDepth(html) > MAX_HTML_DEPTH) throw new HttpError(422, HTML_TOO_DEEP_MESSAGE);
}
