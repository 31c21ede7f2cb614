/** Money as integer yen, shown as ¥1,000 (docs/product-decisions.md §7). */
const yenFormatter = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });
export function formatYen(amount: number): string {
  // Intl gives the full-width ￥ in ja-JP; the house style is the half-width ¥.
  return yenFormatter.format(amount).replace('￥', '¥');
}

const numberFormatter = new Intl.NumberFormat('ja-JP');
export function formatNumber(value: number): string {
  return numberFormatter.format(value);
}

/** Dates are stored in UTC and always shown in Japan time. */
const dateTimeFormatter = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const dateFormatter = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function formatDateTime(value: string | Date): string {
  return dateTimeFormatter.format(new Date(value));
}

export function formatDate(value: string | Date): string {
  return dateFormatter.format(new Date(value));
}

/** Signed credit amounts: '+10' for grants, '-3' for consumption. */
export function formatSignedCredits(amount: number): string {
  return amount > 0 ? `+${formatNumber(amount)}` : formatNumber(amount);
}
