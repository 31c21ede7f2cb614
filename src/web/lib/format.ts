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

/** Dates are stored in UTC and always shown in Japan time (shared/japan-time.ts). */
export {
  formatJapanDateTime as formatDateTime,
  formatJapanNumericDate as formatDate,
} from '../../shared/japan-time.ts';

/** Signed credit amounts: '+10' for grants, '-3' for consumption. */
export function formatSignedCredits(amount: number): string {
  return amount > 0 ? `+${formatNumber(amount)}` : formatNumber(amount);
}
