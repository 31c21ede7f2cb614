/** ¥1,000 with the half-width yen sign (DECISIONS §7), for e-mails and server-rendered pages. */
export function formatYenPlain(amount: number): string {
  return `¥${amount.toLocaleString('ja-JP')}`;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
