/** ¥1,000 with the half-width yen sign (docs/product-decisions.md §7), for e-mails and server-rendered pages. */
export function formatYenPlain(amount: number): string {
  return `¥${amount.toLocaleString('ja-JP')}`;
}
