import { sql, type SQL } from 'drizzle-orm';
import { OPERATOR_DB_MESSAGES } from '../../../shared/operator-db.ts';
import { HttpError } from '../../lib/http-error.ts';
import { SECRET_COLUMNS, type ExposedColumn, type ExposedTable } from './tables.ts';

/**
 * The PostgREST URL grammar this API understands (the part postgrest-js emits for plain
 * tables): `col=[not.]op.value` filters, `select`, `order`, `limit`, `offset`, `on_conflict`,
 * `columns`. Everything else is a 400 with a reason, never a guess.
 */

export type QueryValue = string | string[] | undefined;
export type QueryParams = Record<string, QueryValue>;

export interface SelectItem {
  alias: string;
  column: ExposedColumn;
}

const COMPARISONS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
const PATTERNS = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' } as const;
type Operator = keyof typeof COMPARISONS | keyof typeof PATTERNS | 'is' | 'in';

export interface Filter {
  column: ExposedColumn;
  operator: Operator;
  negate: boolean;
  value: string;
  list: string[];
}

export interface OrderItem {
  column: ExposedColumn;
  descending: boolean;
  nulls: 'first' | 'last' | undefined;
}

export interface ParsedQuery {
  select: SelectItem[];
  filters: Filter[];
  order: OrderItem[];
  limit: number | undefined;
  offset: number | undefined;
  onConflict: ExposedColumn[] | undefined;
  columns: ExposedColumn[] | undefined;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const ALLOWED_KEYS: Record<Method, ReadonlySet<string>> = {
  GET: new Set(['select', 'order', 'limit', 'offset']),
  POST: new Set(['select', 'on_conflict', 'columns']),
  PATCH: new Set(['select']),
  DELETE: new Set(['select']),
};
const RESERVED_KEYS = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);
const LOGICAL_KEYS = new Set(['or', 'and', 'not']);

/** A column by its SQL name; secret columns are named as such rather than "unknown". */
export function resolveColumn(table: ExposedTable, rawName: string): ExposedColumn {
  const name = unquote(rawName.trim());
  const column = table.columns.get(name);
  if (column) return column;
  if (SECRET_COLUMNS.has(name)) throw new HttpError(403, OPERATOR_DB_MESSAGES.secretsHidden);
  throw new HttpError(400, OPERATOR_DB_MESSAGES.unknownColumn(table.name, name));
}

function unquote(name: string): string {
  return name.length >= 2 && name.startsWith('"') && name.endsWith('"')
    ? name.slice(1, -1).replaceAll('""', '"')
    : name;
}

function single(key: string, value: QueryValue): string {
  if (Array.isArray(value)) {
    throw new HttpError(400, `クエリの「${key}」は1回だけ指定してください`);
  }
  return value ?? '';
}

/** Splits on commas outside double quotes. */
function splitList(text: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '\\' && quoted && i + 1 < text.length) {
      current += char + text[i + 1]!;
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === ',' && !quoted) {
      items.push(current);
      current = '';
    } else current += char;
  }
  if (quoted) throw new HttpError(400, '引用符（"）が閉じていません');
  items.push(current);
  return items;
}

/** A value of an `in.(…)` list: quotes removed, `\"` and `\\` unescaped. */
function listValue(item: string): string {
  const trimmed = item.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

export function parseSelect(table: ExposedTable, text: string | undefined): SelectItem[] {
  const all = () => [...table.columns.values()].map((column) => ({ alias: column.name, column }));
  if (text === undefined || text.trim() === '' || text.trim() === '*') return all();
  if (/[()]/.test(text)) {
    throw new HttpError(400, '関連テーブルの埋め込み（select=rel(...)）には対応していません');
  }
  const items: SelectItem[] = [];
  for (const raw of splitList(text)) {
    const item = raw.trim();
    if (item === '*') {
      items.push(...all());
      continue;
    }
    if (item.includes('::') || item.includes('->')) {
      throw new HttpError(400, `select に指定できるのは列名と * だけです（「${item}」）`);
    }
    const colon = item.indexOf(':');
    const alias = colon === -1 ? undefined : unquote(item.slice(0, colon).trim());
    const column = resolveColumn(table, colon === -1 ? item : item.slice(colon + 1));
    if (alias === '') throw new HttpError(400, `select の別名が空です（「${item}」）`);
    items.push({ alias: alias ?? column.name, column });
  }
  return items;
}

function parseFilter(table: ExposedTable, key: string, raw: string): Filter {
  const column = resolveColumn(table, key);
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const name = dot === -1 ? rest : rest.slice(0, dot);
  const value = dot === -1 ? '' : rest.slice(dot + 1);
  const supported = [...Object.keys(COMPARISONS), ...Object.keys(PATTERNS), 'is', 'in'];
  if (dot === -1 || !supported.includes(name)) {
    throw new HttpError(
      400,
      `「${key}=${raw}」は条件として解釈できません（使える演算子: ${supported.join(', ')}。例: ${key}=eq.値）`,
    );
  }
  const operator = name as Operator;
  let list: string[] = [];
  if (operator === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')')) {
      throw new HttpError(400, `in の値は括弧で囲んでください（例: ${key}=in.(a,b)）`);
    }
    const inner = value.slice(1, -1);
    list = inner.trim() === '' ? [] : splitList(inner).map(listValue);
  }
  if (operator === 'is' && !['null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
    throw new HttpError(400, `is に指定できるのは null・true・false・unknown です（「${value}」）`);
  }
  return { column, operator, negate, value, list };
}

function parseOrder(table: ExposedTable, text: string): OrderItem[] {
  return splitList(text).map((raw) => {
    const parts = raw.trim().split('.');
    let nulls: OrderItem['nulls'];
    let descending = false;
    const modifiers = parts.slice(1);
    const column = resolveColumn(table, parts[0] ?? '');
    for (const modifier of modifiers) {
      if (modifier === 'asc') descending = false;
      else if (modifier === 'desc') descending = true;
      else if (modifier === 'nullsfirst') nulls = 'first';
      else if (modifier === 'nullslast') nulls = 'last';
      else {
        throw new HttpError(
          400,
          `order の指定「${raw}」が正しくありません（例: order=created_at.desc.nullslast）`,
        );
      }
    }
    return { column, descending, nulls };
  });
}

function parseCount(key: string, text: string): number {
  if (!/^\d{1,9}$/.test(text)) {
    throw new HttpError(400, `${key} には0以上の整数を指定してください`);
  }
  return Number(text);
}

export function parseQuery(table: ExposedTable, method: Method, query: QueryParams): ParsedQuery {
  const parsed: ParsedQuery = {
    select: parseSelect(
      table,
      query.select === undefined ? undefined : single('select', query.select),
    ),
    filters: [],
    order: [],
    limit: undefined,
    offset: undefined,
    onConflict: undefined,
    columns: undefined,
  };
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (LOGICAL_KEYS.has(key)) {
      throw new HttpError(400, 'or・and・not による論理条件には対応していません');
    }
    if (RESERVED_KEYS.has(key)) {
      if (!ALLOWED_KEYS[method].has(key)) {
        throw new HttpError(
          400,
          method === 'PATCH' || method === 'DELETE'
            ? OPERATOR_DB_MESSAGES.rangeNotAllowed
            : `この操作では「${key}」は指定できません`,
        );
      }
      const text = single(key, value);
      if (key === 'order') parsed.order = parseOrder(table, text);
      else if (key === 'limit') parsed.limit = parseCount(key, text);
      else if (key === 'offset') parsed.offset = parseCount(key, text);
      else if (key === 'on_conflict')
        parsed.onConflict = splitList(text).map((n) => resolveColumn(table, n));
      else if (key === 'columns')
        parsed.columns = splitList(text).map((n) => resolveColumn(table, n));
      continue;
    }
    if (method === 'POST')
      throw new HttpError(400, `登録では絞り込み条件「${key}」は指定できません`);
    for (const raw of [value].flat()) parsed.filters.push(parseFilter(table, key, raw));
  }
  return parsed;
}

// ---- SQL fragments: identifiers through sql.identifier, values always as bound params ----

function condition(filter: Filter): SQL {
  const column = sql.identifier(filter.column.column.name);
  let clause: SQL;
  switch (filter.operator) {
    case 'is':
      clause = sql`${column} is ${sql.raw(filter.value.toLowerCase())}`;
      break;
    case 'in':
      clause =
        filter.list.length === 0
          ? sql`false`
          : sql`${column} in (${sql.join(
              filter.list.map((item) => sql.param(item)),
              sql`, `,
            )})`;
      break;
    case 'like':
    case 'ilike':
      // PostgREST lets `*` stand for `%`, which URLs do not have to escape.
      clause = sql`${column}::text ${sql.raw(PATTERNS[filter.operator])} ${sql.param(
        filter.value.replaceAll('*', '%'),
      )}`;
      break;
    case 'match':
    case 'imatch':
      clause = sql`${column}::text ${sql.raw(PATTERNS[filter.operator])} ${sql.param(filter.value)}`;
      break;
    default:
      clause = sql`${column} ${sql.raw(COMPARISONS[filter.operator])} ${sql.param(filter.value)}`;
  }
  return filter.negate ? sql`not (${clause})` : clause;
}

export function whereClause(filters: Filter[]): SQL {
  if (filters.length === 0) return sql``;
  return sql` where ${sql.join(filters.map(condition), sql` and `)}`;
}

export function orderClause(order: OrderItem[]): SQL {
  if (order.length === 0) return sql``;
  const items = order.map(
    (item) =>
      sql`${sql.identifier(item.column.column.name)} ${sql.raw(item.descending ? 'desc' : 'asc')}${
        item.nulls ? sql.raw(` nulls ${item.nulls}`) : sql``
      }`,
  );
  return sql` order by ${sql.join(items, sql`, `)}`;
}

export function selectList(items: SelectItem[]): SQL {
  if (items.length === 0) return sql`null`;
  return sql.join(
    items.map(
      (item) => sql`${sql.identifier(item.column.column.name)} as ${sql.identifier(item.alias)}`,
    ),
    sql`, `,
  );
}

/**
 * Driver values to JSON through the column's own mapping, so timestamps read the same
 * (ISO 8601, UTC) on PGlite and node-postgres, as every other API of the app shows them.
 */
export function mapRow(
  items: SelectItem[],
  row: Record<string, unknown>,
  stripNulls: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    const value = row[item.alias];
    if (value === null || value === undefined) {
      if (!stripNulls) out[item.alias] = null;
      continue;
    }
    out[item.alias] = item.column.column.mapFromDriverValue(value);
  }
  return out;
}

/** A JSON value for a column: JSON columns take any value, others only scalars. */
export function encodeValue(column: ExposedColumn, value: unknown): SQL {
  if (value === null) return sql`null`;
  // The schema's own jsonb type (db/schema/columns.ts) is a custom column: its SQL type tells.
  if (column.column.dataType === 'json' || column.column.getSQLType() === 'jsonb')
    return sql`${sql.param(column.column.mapToDriverValue(value))}`;
  if (typeof value === 'object') {
    throw new HttpError(400, `列「${column.name}」にはオブジェクトや配列を入れられません`);
  }
  return sql`${sql.param(value)}`;
}
