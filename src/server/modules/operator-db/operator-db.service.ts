import { sql, type SQL } from 'drizzle-orm';
import {
  OPERATOR_DB_MESSAGES,
  recordNotFoundMessage,
  type BatchResult,
  type SqlResult,
  type SqlStatement,
} from '../../../shared/operator-db.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  encodeValue,
  mapRow,
  orderClause,
  selectList,
  whereClause,
  type Filter,
  type ParsedQuery,
  type SelectItem,
} from './postgrest.ts';
import { bindStatement, checkStatement, lexStatement, scrubResult } from './raw-sql.ts';
import type { ExposedColumn, ExposedTable } from './tables.ts';

interface DriverResult {
  rows: Record<string, unknown>[];
  rowCount?: number | null;
  affectedRows?: number;
}

/** Both drivers answer execute() with rows and rowCount (pg's QueryResult, PGlite's Results). */
async function run(
  db: DbOrTx,
  query: SQL,
): Promise<{ rows: Record<string, unknown>[]; rowCount: number }> {
  try {
    const result = (await db.execute(query)) as unknown as DriverResult;
    return {
      rows: result.rows,
      rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
    };
  } catch (error) {
    throw databaseError(error) ?? error;
  }
}

interface PgErrorLike {
  code: string;
  message: string;
  detail?: string;
}

function pgErrorOf(error: unknown): PgErrorLike | undefined {
  // drizzle wraps the driver's error (DrizzleQueryError, whose own message holds the
  // parameters); the driver's error carries the SQLSTATE.
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as Partial<PgErrorLike> & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as PgErrorLike;
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * SQLSTATE classes that are the caller's mistake become 4xx with the database's own words in
 * `details`, so an operator can fix the statement; anything else stays a logged 500.
 */
export function databaseError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  const pg = pgErrorOf(error);
  if (!pg) return undefined;
  const status = (message: string, code = 400) =>
    new HttpError(code, message, {
      details: [
        {
          path: `database.${pg.code}`,
          message: pg.detail ? `${pg.message} (${pg.detail})` : pg.message,
        },
      ],
      cause: error,
    });
  switch (pg.code) {
    case '23505':
      return status('同じ値を持つ行がすでにあります（一意制約違反）', 409);
    case '23503':
      return status('参照先の行がないか、ほかの行から参照されています（外部キー制約違反）', 409);
    case '23502':
      return status('必須の列に値がありません（NOT NULL制約違反）');
    case '23514':
      return status('列の値が制約を満たしていません（CHECK制約違反）');
    case '42501':
      return status('この操作を行う権限がデータベースにありません', 403);
    case '42P01':
      return status('指定したテーブルがありません');
    case '42703':
      return status('指定した列がありません');
    case '42601':
      return status('SQL文の構文に誤りがあります');
  }
  const sqlClass = pg.code.slice(0, 2);
  if (sqlClass === '22') return status('値の形式または範囲が正しくありません');
  if (sqlClass === '23') return status('データの制約に違反しています', 409);
  if (sqlClass === '40') return status('ほかの処理と競合しました。もう一度お試しください', 409);
  if (['0A', '21', '25', '42', 'P0', '2B', '2F', '3F'].includes(sqlClass)) {
    return status('SQL文を実行できませんでした');
  }
  return undefined;
}

// ---- REST ----

export interface ReadResult {
  rows: Record<string, unknown>[];
  total: number | undefined;
}

export async function selectRows(
  db: Database,
  table: ExposedTable,
  query: ParsedQuery,
  options: { count: boolean; stripNulls: boolean },
): Promise<ReadResult> {
  const from = sql.identifier(table.name);
  const where = whereClause(query.filters);
  const limit = query.limit === undefined ? sql`` : sql` limit ${sql.param(query.limit)}`;
  const offset = query.offset === undefined ? sql`` : sql` offset ${sql.param(query.offset)}`;
  const { rows } = await run(
    db,
    sql`select ${selectList(query.select)} from ${from}${where}${orderClause(query.order)}${limit}${offset}`,
  );
  let total: number | undefined;
  if (options.count) {
    const counted = await run(db, sql`select count(*) as "count" from ${from}${where}`);
    total = Number(counted.rows[0]?.count ?? 0);
  }
  return { rows: rows.map((row) => mapRow(query.select, row, options.stripNulls)), total };
}

export interface WriteOptions {
  /** Columns to return (return=representation), or undefined for none. */
  returning: SelectItem[] | undefined;
  stripNulls: boolean;
  /** Accept: application/vnd.pgrst.object+json — exactly one row, or the change is undone. */
  single: boolean;
}

function returningClause(options: WriteOptions): SQL {
  return options.returning ? sql` returning ${selectList(options.returning)}` : sql``;
}

/** Runs a change; `check` may refuse the outcome, which undoes the change. */
async function inTransaction(
  db: Database,
  options: WriteOptions,
  statement: SQL,
  check: (rowCount: number) => void = () => {},
): Promise<{ rows: Record<string, unknown>[]; rowCount: number }> {
  return db.transaction(async (tx) => {
    const result = await run(tx, statement);
    check(result.rowCount);
    if (options.single && result.rowCount !== 1) {
      throw new HttpError(406, OPERATOR_DB_MESSAGES.notSingle(result.rowCount));
    }
    const rows = options.returning
      ? result.rows.map((row) => mapRow(options.returning!, row, options.stripNulls))
      : [];
    return { rows, rowCount: result.rowCount };
  });
}

function assertWritable(table: ExposedTable, columns: Iterable<ExposedColumn>): void {
  if (table.readOnly) throw new HttpError(403, OPERATOR_DB_MESSAGES.ledgerReadOnly);
  for (const column of columns) {
    if (column.readOnly) throw new HttpError(403, OPERATOR_DB_MESSAGES.ledgerReadOnly);
  }
}

export function assertTableWritable(table: ExposedTable): void {
  assertWritable(table, []);
}

export interface InsertOptions extends WriteOptions {
  resolution: 'merge' | 'ignore' | undefined;
  /** Prefer: missing=default — keys absent from a row take the column default, not NULL. */
  missingDefault: boolean;
}

export async function insertRows(
  db: Database,
  table: ExposedTable,
  query: ParsedQuery,
  body: Record<string, unknown>[],
  options: InsertOptions,
  resolveColumn: (name: string) => ExposedColumn,
) {
  let columns = query.columns;
  if (!columns) {
    const names = new Set<string>();
    for (const row of body) for (const key of Object.keys(row)) names.add(key);
    columns = [...names].map(resolveColumn);
  }
  assertWritable(table, columns);
  for (const row of body) for (const key of Object.keys(row)) resolveColumn(key);
  if (body.length === 0) return { rows: [], rowCount: 0 };
  if (columns.length === 0) {
    throw new HttpError(400, '登録する列を1つ以上指定してください');
  }

  const missing = options.missingDefault ? sql`default` : sql`null`;
  const values = body.map(
    (row) =>
      sql`(${sql.join(
        columns.map((column) =>
          Object.hasOwn(row, column.name) ? encodeValue(column, row[column.name]) : missing,
        ),
        sql`, `,
      )})`,
  );
  let conflict = sql``;
  if (options.resolution) {
    const target = query.onConflict ?? table.primaryKey.map(resolveColumn);
    if (target.length === 0) {
      throw new HttpError(400, 'on_conflict で重複を判定する列を指定してください');
    }
    const targetSql = sql.join(
      target.map((column) => sql.identifier(column.name)),
      sql`, `,
    );
    conflict =
      options.resolution === 'ignore'
        ? sql` on conflict (${targetSql}) do nothing`
        : sql` on conflict (${targetSql}) do update set ${sql.join(
            columns.map(
              (column) =>
                sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`,
            ),
            sql`, `,
          )}`;
  }
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  return inTransaction(
    db,
    options,
    sql`insert into ${sql.identifier(table.name)} (${names}) values ${sql.join(values, sql`, `)}${conflict}${returningClause(options)}`,
  );
}

function requireFilters(filters: Filter[]): void {
  if (filters.length === 0) throw new HttpError(400, OPERATOR_DB_MESSAGES.filterRequired);
}

/** `id=eq.X` that matched nothing: docs/spec.md §8 fixes the English message. */
function idFilter(filters: Filter[]): string | undefined {
  return filters.find((f) => f.column.name === 'id' && f.operator === 'eq' && !f.negate)?.value;
}

export async function updateRows(
  db: Database,
  table: ExposedTable,
  query: ParsedQuery,
  body: Record<string, unknown>,
  options: WriteOptions,
  resolveColumn: (name: string) => ExposedColumn,
) {
  const columns = Object.keys(body).map(resolveColumn);
  assertWritable(table, columns);
  requireFilters(query.filters);
  if (columns.length === 0) throw new HttpError(400, OPERATOR_DB_MESSAGES.emptyUpdate);
  const assignments = sql.join(
    columns.map(
      (column) => sql`${sql.identifier(column.name)} = ${encodeValue(column, body[column.name])}`,
    ),
    sql`, `,
  );
  const id = idFilter(query.filters);
  return inTransaction(
    db,
    options,
    sql`update ${sql.identifier(table.name)} set ${assignments}${whereClause(query.filters)}${returningClause(options)}`,
    (rowCount) => {
      if (id !== undefined && rowCount === 0) throw new HttpError(404, recordNotFoundMessage(id));
    },
  );
}

export async function deleteRows(
  db: Database,
  table: ExposedTable,
  query: ParsedQuery,
  options: WriteOptions,
) {
  assertWritable(table, []);
  requireFilters(query.filters);
  return inTransaction(
    db,
    options,
    sql`delete from ${sql.identifier(table.name)}${whereClause(query.filters)}${returningClause(options)}`,
  );
}

// ---- raw SQL ----

/** Checks and binds a statement without running it (a refused statement never starts). */
export function prepareStatement(statement: SqlStatement): SQL {
  const lexed = lexStatement(statement.query);
  checkStatement(lexed);
  return bindStatement(lexed, statement.params);
}

async function runPrepared(db: DbOrTx, query: SQL): Promise<SqlResult> {
  const result = await run(db, query);
  return {
    rows: result.rows.map((row) => scrubResult(row) as Record<string, unknown>),
    rowCount: result.rowCount,
  };
}

export async function runSql(db: Database, statement: SqlStatement): Promise<SqlResult> {
  return runPrepared(db, prepareStatement(statement));
}

function errorBody(error: HttpError): Extract<BatchResult, { ok: false }>['error'] {
  return {
    code: error.code,
    message: error.message,
    status: error.status,
    ...(error.details ? { details: error.details } : {}),
  };
}

export async function runBatch(
  db: Database,
  statements: SqlStatement[],
  mode: 'transaction' | 'independent',
): Promise<BatchResult[]> {
  if (mode === 'independent') {
    const results: BatchResult[] = [];
    for (const statement of statements) {
      try {
        results.push({ ok: true, ...(await runSql(db, statement)) });
      } catch (error) {
        const httpError = databaseError(error);
        if (!httpError) throw error;
        results.push({ ok: false, error: errorBody(httpError) });
      }
    }
    return results;
  }

  // Every statement is checked before the first one runs: a refusal changes nothing.
  const prepared = statements.map((statement, index) => {
    try {
      return prepareStatement(statement);
    } catch (error) {
      throw withIndex(error, index);
    }
  });
  return db.transaction(async (tx) => {
    const results: BatchResult[] = [];
    for (const [index, query] of prepared.entries()) {
      try {
        results.push({ ok: true, ...(await runPrepared(tx, query)) });
      } catch (error) {
        throw withIndex(error, index);
      }
    }
    return results;
  });
}

/** The failing statement's own error, reworded to say that the whole batch was undone. */
function withIndex(error: unknown, index: number): unknown {
  const httpError = databaseError(error);
  if (!httpError) return error;
  return new HttpError(httpError.status, OPERATOR_DB_MESSAGES.batchFailed(index), {
    code: httpError.code,
    details: [
      { path: `statements.${index}`, message: httpError.message },
      ...(httpError.details ?? []),
    ],
    cause: error,
  });
}
