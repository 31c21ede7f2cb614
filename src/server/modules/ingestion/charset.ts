import Encoding from 'encoding-japanese';
import iconv from 'iconv-lite';

const ALIASES: Record<string, string> = {
  'x-sjis': 'shift_jis',
  sjis: 'shift_jis',
  'shift-jis': 'shift_jis',
  'windows-31j': 'cp932',
  'x-euc-jp': 'euc-jp',
  'iso-2022-jp': 'iso-2022-jp',
};

function normalise(charset: string | undefined | null): string | null {
  if (!charset) return null;
  const name = charset
    .trim()
    .toLowerCase()
    .replace(/^["']|["']$/g, '');
  const resolved = ALIASES[name] ?? name;
  // Shift_JIS pages are nearly always written in Windows' superset (①, ～ …).
  const effective = resolved === 'shift_jis' ? 'cp932' : resolved;
  // iconv-lite has no ISO-2022-JP; decodeBody hands it to encoding-japanese.
  if (effective === 'iso-2022-jp') return effective;
  return iconv.encodingExists(effective) ? effective : null;
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
      return 'cp932';
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

/** HTTP header, then BOM, then <meta charset>/http-equiv, then detection (issue 5). */
export function decodeBody(body: Buffer, contentType = ''): { text: string; charset: string } {
  const charset =
    fromBom(body) ?? fromContentType(contentType) ?? fromMeta(body) ?? detect(body) ?? 'utf-8';
  if (charset === 'iso-2022-jp') {
    return {
      text: stripNul(Encoding.convert(body, { to: 'UNICODE', from: 'JIS', type: 'string' })),
      charset,
    };
  }
  return {
    text: stripNul(iconv.decode(body, charset).replace(/^\uFEFF/, '')),
    charset,
  };
}
