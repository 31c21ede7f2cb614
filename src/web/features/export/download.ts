export const DEFAULT_EXPORT_TITLE = 'FAQリスト';

/** docs/spec.md §5: exporting with nothing approved alerts this, for every format. */
export const NOTHING_TO_EXPORT = 'エクスポートするFAQを選択してください';

const RESERVED_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_NAME_LENGTH = 100;

/**
 * File names keep Japanese but lose what Windows, macOS or a browser refuse: path separators,
 * reserved characters, control characters, trailing dots and spaces, device names.
 */
export function exportFileName(title: string, extension: string): string {
  let name = [...title.normalize('NFC').replace(/\s+/g, ' ')]
    .map((character) =>
      /[\p{Cc}\p{Cf}]/u.test(character) || '\\/:*?"<>|'.includes(character) ? '_' : character,
    )
    .join('')
    .trim();
  name = [...name]
    .slice(0, MAX_NAME_LENGTH)
    .join('')
    .replace(/[. ]+$/, '');
  if (!name || /^_+$/.test(name)) name = DEFAULT_EXPORT_TITLE;
  if (RESERVED_NAMES.test(name)) name = `${name}_`;
  return `${name}.${extension}`;
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the object URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
