/**
 * Times are stored in UTC and always read in Japan time (Asia/Tokyo has no daylight saving
 * time), by the server (CSV files, receipts, 売上 by day) and the browser alike.
 */
const TIME_ZONE = 'Asia/Tokyo';

const dayKey = new Intl.DateTimeFormat('sv-SE', { timeZone: TIME_ZONE });
const numericDateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const numericDate = new Intl.DateTimeFormat('ja-JP', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const longDate = new Intl.DateTimeFormat('ja-JP', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** 2026-11-25: the calendar day in Japan, sortable (file names, grouping by day). */
export function japanDay(value: string | Date): string {
  return dayKey.format(new Date(value));
}

/** 2026/11/25 09:30 */
export function formatJapanDateTime(value: string | Date): string {
  return numericDateTime.format(new Date(value));
}

/** 2026/11/25 */
export function formatJapanNumericDate(value: string | Date): string {
  return numericDate.format(new Date(value));
}

/** 2026年11月25日, as documents such as receipts write it. */
export function formatJapanDate(value: string | Date): string {
  return longDate.format(new Date(value));
}
