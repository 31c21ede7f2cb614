/**
 * The total uncompressed size a ZIP (DOCX, XLSX) declares in its central directory, read
 * without inflating anything: a few kilobytes of deflated XML can declare gigabytes, and
 * parsers inflate first and look later. `null` when the bytes are not a readable ZIP (the
 * parser then reports it as broken). A ZIP64 size counts as unbounded.
 */
export function declaredUncompressedSize(bytes: Buffer): number | null {
  const END_SIGNATURE = 0x06054b50;
  const ENTRY_SIGNATURE = 0x02014b50;
  // The end record sits in the last 22 bytes plus at most a 65,535-byte comment.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= earliest; offset--) {
    if (bytes.readUInt32LE(offset) === END_SIGNATURE) {
      end = offset;
      break;
    }
  }
  if (end < 0) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || offset === 0xffffffff) return Number.POSITIVE_INFINITY;
  let total = 0;
  for (let index = 0; index < entries; index++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== ENTRY_SIGNATURE) return null;
    const size = bytes.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    offset +=
      46 +
      bytes.readUInt16LE(offset + 28) +
      bytes.readUInt16LE(offset + 30) +
      bytes.readUInt16LE(offset + 32);
  }
  return total;
}
