import { SECRET_TABLES } from './tables.ts';

/**
 * Whole-row references in a statement that reads a table with a secret column.
 *
 * `SELECT *` is safe (results are scrubbed by column name), but a row turned into one value
 * is not: `replace(u::text, '$', '')`, `row_to_json(u)`, `to_jsonb(t)` over a subquery
 * `(SELECT * FROM users) t`, or `row(u.*)` carry the password hash inside a string the
 * scrubber cannot recognise once altered. So when such a table is named, every range variable
 * (table, alias, subquery alias, CTE name) may appear only where it is declared or as a
 * qualifier (`u.email`), and `x.*` is refused. Works on the lexer's normalised text (lower
 * case, no comments, literal contents removed); false positives are accepted.
 */
const SECRET_TABLE_NAME = new RegExp(`\\b(${[...SECRET_TABLES].join('|')})\\b`);
const NAME = '[a-z_\\u0080-\\uffff][a-z0-9_$\\u0080-\\uffff]*';
const NOT_ALIAS = new Set(
  (
    'where join on left right inner outer full cross natural lateral group order limit offset ' +
    'fetch for window having union except intersect set returning values select using as ' +
    'with only tablesample where into from and or not'
  ).split(' '),
);

/** Names declared as range variables, each as often as it is declared. */
function declarations(text: string): string[] {
  const names: string[] = [];
  const table = new RegExp(
    `\\b(?:from|join|update|into|using)\\s+(?:only\\s+)?(${NAME})(?:\\s*\\.\\s*(${NAME}))?(?:\\s+(?:as\\s+)?(${NAME}))?`,
    'g',
  );
  for (const match of text.matchAll(table)) {
    names.push(match[2] ?? match[1]!);
    if (match[2]) names.push(match[1]!);
    if (match[3] && !NOT_ALIAS.has(match[3])) names.push(match[3]);
  }
  for (const match of text.matchAll(new RegExp(`\\)\\s*(?:as\\s+)?(${NAME})`, 'g'))) {
    if (!NOT_ALIAS.has(match[1]!)) names.push(match[1]!);
  }
  const cte = new RegExp(
    `(?:\\bwith\\s+(?:recursive\\s+)?|,\\s*)(${NAME})\\s+as\\s*(?:not\\s+)?(?:materialized\\s*)?\\(`,
    'g',
  );
  for (const match of text.matchAll(cte)) names.push(match[1]!);
  return names;
}

export function refersToWholeSecretRow(text: string): boolean {
  if (!SECRET_TABLE_NAME.test(text)) return false;
  if (new RegExp(`${NAME}\\s*\\.\\s*\\*`).test(text)) return true;
  const declared = declarations(text);
  for (const name of new Set(declared)) {
    const escaped = name.replace(/[$]/g, '\\$');
    // Uses as a value: not a qualifier (`u.`), not a function call, not someone's column.
    const uses = [...text.matchAll(new RegExp(`(?<![.\\w$])${escaped}(?![\\w$])(?!\\s*[.(])`, 'g'))]
      .length;
    const declaredTimes = declared.filter((item) => item === name).length;
    if (uses > declaredTimes) return true;
  }
  return false;
}
