import Encoding from 'encoding-japanese';

/**
 * Node's TextDecoder (full ICU) speaks every encoding of the WHATWG Encoding Standard, the
 * Japanese legacy ones included (docs/product-decisions.md §5): its `shift_jis` is Windows'
 * superset (①, ～ …), which is what Shift_JIS pages are nearly always written in, and it
 * answers to the common labels (sjis, x-sjis, windows-31j, x-euc-jp, csiso2022jp …). Only
 * Windows' own name for that superset is missing from the standard's list.
 */
const ALIASES: Record<string, string> = {
  cp932: 'shift_jis',
  ms932: 'shift_jis',
};

/** The canonical name of a charset label TextDecoder can decode, or null. */
function normalise(charset: string | undefined | null): string | null {
  if (!charset) return null;
  const name = charset
    .trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, '');
  try {
    return new TextDecoder(ALIASES[name] ?? name).encoding;
  } catch {
    return null;
  }
}

function fromContentType(contentType: string): string | null {
  return normalise(/charset=([^;\s]+)/i.exec(contentType)?.[1]);
}

function fromBom(body: Buffer): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  return null;
}

function fromMeta(body: Buffer): string | null {
  // The declaration must be in the first 1024 bytes (HTML spec); read them as ASCII.
  const head = body.subarray(0, 4096).toString('latin1');
  const meta = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head);
  return normalise(meta?.[1]);
}

function detect(body: Buffer): string | null {
  const detected = Encoding.detect(body.subarray(0, 64 * 1024));
  switch (detected) {
    case 'SJIS':
      return 'shift_jis';
    case 'EUCJP':
      return 'euc-jp';
    case 'JIS':
      return 'iso-2022-jp';
    case 'UTF8':
    case 'ASCII':
      return 'utf-8';
    default:
      return null;
  }
}

// NUL characters carry no meaning in a page and PostgreSQL cannot store them (text or jsonb):
// left in, one in a fetched page would fail a generation when its answers are saved.
const stripNul = (text: string) => text.replaceAll('\u0000', '');

/**
 * The charset a body is to be read in: a byte order mark, then the HTTP header, then
 * <meta charset>/http-equiv, then detection from the bytes.
 */
export function charsetOf(body: Buffer, contentType = ''): string {
  return fromBom(body) ?? fromContentType(contentType) ?? fromMeta(body) ?? detect(body) ?? 'utf-8';
}

/** Whether a Content-Type names its charset (one TextDecoder knows). */
export function declaresCharset(contentType: string): boolean {
  return fromContentType(contentType) !== null;
}

/**
 * A byte order mark, then the HTTP header, then <meta charset>/http-equiv, then detection: the
 * order browsers trust them in (docs/product-decisions.md §5).
 */
export function decodeBody(body: Buffer, contentType = ''): { text: string; charset: string } {
  const charset = charsetOf(body, contentType);
  // A BOM is dropped by the decoder itself.
  return { text: stripNul(new TextDecoder(charset).decode(body)), charset };
}
