/** ¥1,000 with the half-width yen sign (docs/product-decisions.md §7), for e-mails and server-rendered pages. */
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

const japanDate = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** 2026年11月25日, the calendar day in Japan (dates are stored in UTC). */
export function formatJapanDate(value: Date): string {
  return japanDate.format(value);
}
