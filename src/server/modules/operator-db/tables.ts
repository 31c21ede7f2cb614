import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema.ts';

/**
 * Which tables and columns the operator database API exposes, derived from the Drizzle
 * schema so a new table or column appears without touching this module.
 *
 * Names in URLs, filters and JSON are the SQL names (faq_generations, user_id), as in
 * PostgREST; a table may also be named by its camelCase export (faqGenerations).
 */

/** Token stores: even their hashes are credentials, so the tables do not exist here. */
const HIDDEN_TABLES = new Set([
  'refresh_tokens',
  'password_reset_tokens',
  'email_confirmation_tokens',
  'email_change_requests',
  'sign_in_codes',
]);

/** Secret columns: not selectable, filterable, orderable or writable (they are "unknown"). */
export const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'code_hash', 'state_hash']);

/** Tables holding a secret column: a whole row of one, turned into text, would carry it. */
export const SECRET_TABLES: ReadonlySet<string> = new Set(
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableConfig(table as PgTable))
    .filter((config) => config.columns.some((column) => SECRET_COLUMNS.has(column.name)))
    .map((config) => config.name),
);

/**
 * Ledger-owned data (modules/credits/ledger.ts): users.credits must always equal the sum of
 * the user's credit_transactions rows, and reservations, payments and webhook events are the
 * records that keep crediting exactly-once. Readable here, changed only through the ledger.
 */
export const LEDGER_TABLES = new Set([
  'credit_transactions',
  'credit_reservations',
  'payments',
  'webhook_events',
  // The once-per-address bonus record and the payment incidents are records, not settings.
  'email_bonus_claims',
  'payment_incidents',
]);
/** reserved_credits is ledger-owned too: it is bounded by credits and settled by reservations. */
export const LEDGER_COLUMNS: Record<string, ReadonlySet<string>> = {
  users: new Set(['credits', 'reserved_credits']),
};

export interface ExposedColumn {
  name: string;
  column: PgColumn;
  readOnly: boolean;
}

export interface ExposedTable {
  name: string;
  exportName: string;
  /** Visible columns in declaration order, by SQL name. */
  columns: Map<string, ExposedColumn>;
  primaryKey: string[];
  /** Every write is refused (a ledger table). */
  readOnly: boolean;
}

function buildRegistry(): Map<string, ExposedTable> {
  const registry = new Map<string, ExposedTable>();
  for (const [exportName, value] of Object.entries(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (HIDDEN_TABLES.has(config.name)) continue;
    const ledgerColumns = LEDGER_COLUMNS[config.name];
    const columns = new Map<string, ExposedColumn>();
    for (const column of config.columns) {
      if (SECRET_COLUMNS.has(column.name)) continue;
      columns.set(column.name, {
        name: column.name,
        column,
        readOnly: ledgerColumns?.has(column.name) ?? false,
      });
    }
    const primaryKey = config.columns.filter((column) => column.primary).map((c) => c.name);
    for (const key of config.primaryKeys) primaryKey.push(...key.columns.map((c) => c.name));
    const table: ExposedTable = {
      name: config.name,
      exportName,
      columns,
      primaryKey,
      readOnly: LEDGER_TABLES.has(config.name),
    };
    registry.set(config.name, table);
    registry.set(exportName, table);
  }
  return registry;
}

const registry = buildRegistry();

export function findTable(name: string): ExposedTable | undefined {
  return registry.get(name);
}
