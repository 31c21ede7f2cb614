/**
 * A cell a spreadsheet could read as a formula (docs/product-decisions.md §7): `= + - @` or their full-width
 * forms `＝ ＋ － ＠` (Excel with a Japanese IME converts them), also behind leading blanks or
 * invisible zero-width characters, which spreadsheets skip; a leading tab or carriage return
 * on its own as well.
 */
const FORMULA_START = /^[\s\u200B-\u200D\u2060\uFEFF\u00AD]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\u2212]/;

export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) || /^[\t\r]/.test(text);
}

/** One quoted CSV cell; a formula-like value gets a leading apostrophe, which shows it as text. */
export function quotedCsvCell(value: string | number): string {
  let text = String(value);
  if (looksLikeFormula(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}
