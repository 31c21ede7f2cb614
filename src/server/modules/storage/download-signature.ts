import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Local download URLs carry their own proof: HMAC-SHA256 over the key, the offered file name
 * and the expiry, keyed with the server's secret. The label keeps these MACs from ever
 * being mistaken for any other use of the same secret.
 */
function mac(secret: string, key: string, filename: string, expires: number): Buffer {
  return createHmac('sha256', secret)
    .update(`storage-download\n${key}\n${filename}\n${expires}`)
    .digest();
}

export function signDownload(
  secret: string,
  key: string,
  filename: string,
  expires: number,
): string {
  return mac(secret, key, filename, expires).toString('base64url');
}

export function verifyDownload(
  secret: string,
  input: { key: string; filename: string; expires: number; signature: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!Number.isSafeInteger(input.expires) || input.expires < nowSeconds) return false;
  const expected = mac(secret, input.key, input.filename, input.expires);
  const given = Buffer.from(input.signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** RFC 6266/5987: an ASCII fallback plus the exact UTF-8 name. */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
