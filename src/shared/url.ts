/** docs/spec.md §5 URL helpers, shared by the /generate screen and the server. */
export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return Boolean(url.protocol && url.host);
  } catch {
    return false;
  }
}

const DOCUMENT_EXTENSIONS = [
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
];

export function isDocumentLink(value: string): boolean {
  try {
    const pathname = new URL(value).pathname.toLowerCase();
    const extension = pathname.split('.').pop() ?? '';
    return pathname.includes('.') && DOCUMENT_EXTENSIONS.includes(extension);
  } catch {
    return false;
  }
}

/** Only web pages can be fetched. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
