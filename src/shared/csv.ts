/**
 * A cell a spreadsheet could read as a formula (docs/product-decisions.md §7): `= + - @`, their
 * full-width forms `＝ ＋ － ＠` (Excel with a Japanese IME converts them), small forms
 * `﹦ ﹢ ﹣ ﹫`, super- and subscript `⁼ ⁺ ⁻ ₌ ₊ ₋` and the minus sign `−`, which Unicode
 * normalisation (NFKC, as spreadsheets and import tools apply it) turns into the same triggers;
 * also behind leading blanks or characters nobody sees — zero-width marks, the BOM, soft
 * hyphens, bidi marks and isolates, fillers (Unicode's default-ignorable code points) — which
 * spreadsheets skip; a leading tab or carriage return on its own as well.
 */
const FORMULA_START =
  /^[\s\p{Default_Ignorable_Code_Point}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\u207C\u207A\u207B\u208C\u208A\u208B\u2212]/u;

export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) || /^[\t\r]/.test(text);
}

/** One quoted CSV cell; a formula-like value gets a leading apostrophe, which shows it as text. */
export function quotedCsvCell(value: string | number): string {
  let text = String(value);
  if (looksLikeFormula(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}
