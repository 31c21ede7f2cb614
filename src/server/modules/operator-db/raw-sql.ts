import { sql, type SQL } from 'drizzle-orm';
import { OPERATOR_DB_MESSAGES } from '../../../shared/operator-db.ts';
import { HttpError } from '../../lib/http-error.ts';
import { LEDGER_COLUMNS, LEDGER_TABLES, SECRET_COLUMNS } from './tables.ts';
import { refersToWholeSecretRow } from './whole-row.ts';

/**
 * Raw SQL for `/sql` and `/batch`.
 *
 * Parameters are bound, never spliced: the text is cut at every `$n` outside literals,
 * comments and quoted identifiers, and each one becomes a drizzle param, so both drivers
 * (PGlite and node-postgres) send them out of band.
 *
 * The guard is a deliberately simple, conservative text check, not a sandbox. PGlite has a
 * single superuser, so a restricted role (`SET LOCAL ROLE`) is not available to confine
 * these statements; instead, after removing comments and literal contents, a statement is
 * refused when
 * - it holds more than one statement;
 * - it controls transactions or sets session state (BEGIN, COMMIT, SET, LISTEN…): the
 *   connection goes back to a shared pool (or is PGlite's only one), so an open transaction
 *   or a changed setting would leak into the app's own queries; `SET LOCAL` stays allowed;
 * - it can run SQL or programs chosen at run time (DO, EXECUTE, CALL, COPY, creating
 *   functions, procedures, triggers or rules, query_to_xml and friends, dblink), or it uses
 *   U& escapes, which could spell a protected name the check would not recognise;
 * - it names a token table or a secret column (password_hash, token_hash), or uses a whole
 *   row of a statement reading a table with one (`u::text`, `row_to_json(t)`: whole-row.ts);
 * - it writes (INSERT, UPDATE, DELETE, MERGE, TRUNCATE, ALTER, DROP, CREATE, GRANT, REVOKE,
 *   RENAME, or CASCADE, which reaches other tables) and names a ledger table;
 * - it inserts into or alters users, or it updates users and names a ledger column.
 * False positives are accepted (`SELECT … FOR UPDATE` on payments is refused). What it
 * cannot see: functions that already exist in the database and write the ledger (the schema
 * has none). The credential is for a trusted operator; the check keeps a mistaken statement
 * from breaking balance == sum of ledger rows, and results are scrubbed of secret columns
 * and argon2 hashes so `SELECT *` never hands them out.
 */

type Chunk = { kind: 'text'; text: string } | { kind: 'param'; index: number };

export interface LexedStatement {
  chunks: Chunk[];
  /** Lower-cased text without comments and literal contents; identifiers unquoted. */
  normalized: string;
  statementCount: number;
  unicodeEscapes: boolean;
}

const IDENTIFIER_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

function syntaxError(): HttpError {
  return new HttpError(400, 'SQL文の引用符またはコメントが閉じていません');
}

export function lexStatement(query: string): LexedStatement {
  const chunks: Chunk[] = [];
  let text = '';
  let normalized = '';
  let statements = 0;
  let sawContent = false;
  let unicodeEscapes = false;
  let i = 0;

  const flushText = () => {
    if (text) chunks.push({ kind: 'text', text });
    text = '';
  };
  const content = (original: string, forCheck: string) => {
    text += original;
    normalized += forCheck;
    if (!sawContent && forCheck.trim()) {
      sawContent = true;
      statements += 1;
    }
  };

  while (i < query.length) {
    const char = query[i]!;
    const next = query[i + 1];
    const previous = i > 0 ? query[i - 1]! : '';

    if (char === '-' && next === '-') {
      const end = query.indexOf('\n', i);
      const stop = end === -1 ? query.length : end;
      text += query.slice(i, stop);
      normalized += ' ';
      i = stop;
      continue;
    }
    if (char === '/' && next === '*') {
      // PostgreSQL block comments nest.
      let depth = 0;
      let j = i;
      while (j < query.length) {
        if (query[j] === '/' && query[j + 1] === '*') {
          depth += 1;
          j += 2;
        } else if (query[j] === '*' && query[j + 1] === '/') {
          depth -= 1;
          j += 2;
          if (depth === 0) break;
        } else j += 1;
      }
      if (depth !== 0) throw syntaxError();
      text += query.slice(i, j);
      normalized += ' ';
      i = j;
      continue;
    }
    if (char === "'") {
      // E'…' strings take backslash escapes; every other string only doubles quotes.
      const escaped = /[eE]/.test(previous) && !IDENTIFIER_CHAR.test(query[i - 2] ?? '');
      if (/[&]/.test(previous) && /[uU]/.test(query[i - 2] ?? '')) unicodeEscapes = true;
      let j = i + 1;
      for (;;) {
        if (j >= query.length) throw syntaxError();
        if (escaped && query[j] === '\\') {
          j += 2;
          continue;
        }
        if (query[j] === "'") {
          if (query[j + 1] === "'") {
            j += 2;
            continue;
          }
          break;
        }
        j += 1;
      }
      content(query.slice(i, j + 1), "''");
      i = j + 1;
      continue;
    }
    if (char === '"') {
      if (previous === '&' && /[uU]/.test(query[i - 2] ?? '')) unicodeEscapes = true;
      let j = i + 1;
      let name = '';
      for (;;) {
        if (j >= query.length) throw syntaxError();
        if (query[j] === '"') {
          if (query[j + 1] === '"') {
            name += '"';
            j += 2;
            continue;
          }
          break;
        }
        name += query[j];
        j += 1;
      }
      content(query.slice(i, j + 1), ` ${name.toLowerCase()} `);
      i = j + 1;
      continue;
    }
    if (char === '$' && !IDENTIFIER_CHAR.test(previous)) {
      const param = /^\$(\d+)/.exec(query.slice(i));
      if (param) {
        flushText();
        chunks.push({ kind: 'param', index: Number(param[1]) });
        normalized += ' $ ';
        if (!sawContent) {
          sawContent = true;
          statements += 1;
        }
        i += param[0].length;
        continue;
      }
      const tag = DOLLAR_TAG.exec(query.slice(i));
      if (tag) {
        const close = query.indexOf(tag[0], i + tag[0].length);
        if (close === -1) throw syntaxError();
        const end = close + tag[0].length;
        content(query.slice(i, end), "''");
        i = end;
        continue;
      }
    }
    if (char === ';') {
      text += char;
      normalized += ' ; ';
      sawContent = false;
      i += 1;
      continue;
    }
    content(char, char.toLowerCase());
    i += 1;
  }
  flushText();
  return { chunks, normalized, statementCount: statements, unicodeEscapes };
}

const SESSION_CONTROL =
  /^[\s;]*(begin|start|commit|end|rollback|abort|savepoint|release|prepare|deallocate|reset|discard|listen|unlisten|notify|load|set(?!\s+local\b))\b/;
const DYNAMIC_SQL = [
  /^[\s;]*(do|execute|call|copy)\b/,
  /\bcreate\s+(or\s+replace\s+)?(constraint\s+)?(function|procedure|trigger|rule|event\s+trigger|extension|language)\b/,
  /\b(query|table|cursor|schema|database)_to_xml\w*/,
  /\bdblink\w*/,
];
const WRITES =
  /\b(insert|update|delete|merge|truncate|alter|drop|create|grant|revoke|rename|cascade)\b/;
const DDL = /\b(truncate|alter|drop|create|grant|revoke|rename|cascade)\b/;
const HIDDEN_NAMES = new RegExp(
  `\\b(refresh_tokens|password_reset_tokens|email_confirmation_tokens|email_change_requests|sign_in_codes|${[...SECRET_COLUMNS].join('|')})\\b`,
);
const LEDGER_NAMES = new RegExp(`\\b(${[...LEDGER_TABLES].join('|')})\\b`);
const USERS = /\busers\b/;
const USER_LEDGER_COLUMNS = new RegExp(`\\b(${[...(LEDGER_COLUMNS.users ?? [])].join('|')})\\b`);

/** Refuses (throws) what the guard described above does not allow. */
export function checkStatement(lexed: LexedStatement): void {
  const text = lexed.normalized;
  if (lexed.statementCount === 0) throw new HttpError(400, OPERATOR_DB_MESSAGES.emptyQuery);
  if (lexed.statementCount > 1) throw new HttpError(400, OPERATOR_DB_MESSAGES.multipleStatements);
  if (SESSION_CONTROL.test(text)) throw new HttpError(400, OPERATOR_DB_MESSAGES.sessionControl);
  if (lexed.unicodeEscapes || DYNAMIC_SQL.some((pattern) => pattern.test(text))) {
    throw new HttpError(403, OPERATOR_DB_MESSAGES.dynamicSql);
  }
  if (HIDDEN_NAMES.test(text) || refersToWholeSecretRow(text)) {
    throw new HttpError(403, OPERATOR_DB_MESSAGES.secretsHidden);
  }
  if (!WRITES.test(text)) return;
  const writesUserLedger =
    USERS.test(text) &&
    (DDL.test(text) || /\b(insert|merge)\b/.test(text) || USER_LEDGER_COLUMNS.test(text));
  if (LEDGER_NAMES.test(text) || writesUserLedger) {
    throw new HttpError(403, OPERATOR_DB_MESSAGES.ledgerReadOnly);
  }
}

/** The statement with `$n` bound to `params[n-1]`. */
export function bindStatement(lexed: LexedStatement, params: readonly unknown[]): SQL {
  const parts = lexed.chunks.map((chunk) => {
    if (chunk.kind === 'text') return sql.raw(chunk.text);
    if (chunk.index < 1 || chunk.index > params.length) {
      throw new HttpError(
        400,
        `パラメーター $${chunk.index} に対応する値がありません（params は ${params.length} 個です）`,
      );
    }
    return sql.param(params[chunk.index - 1]);
  });
  return sql.join(parts);
}

/** PHC strings: `$argon2id$v=19$m=…,t=…,p=…$salt$hash` (salt and hash in unpadded base64). */
const ARGON2_HASH = /\$argon2(?:id|i|d)\$(?:v=\d+\$)?m=\d+,t=\d+,p=\d+(?:\$[A-Za-z0-9+/]+){0,2}/g;

/**
 * Result values as JSON can carry them: secret columns dropped at any depth, argon2 hashes
 * masked inside any text (a whole-row value such as `SELECT u FROM users u` is one string),
 * 64-bit integers (PGlite returns BigInt) as numbers when exact, otherwise as strings.
 */
export function scrubResult(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(ARGON2_HASH, '[redacted]');
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  if (Array.isArray(value)) return value.map(scrubResult);
  if (value instanceof Date || value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_COLUMNS.has(key)) continue;
    out[key] = scrubResult(item);
  }
  return out;
}
