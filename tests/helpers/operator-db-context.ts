import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { PostgrestClient } from '@supabase/postgrest-js';
import { eq, sql } from 'drizzle-orm';
import { creditTransactions, users } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { seedUser, type SeededUser } from './users.ts';

export const OPERATOR_KEY = `op-key-${randomBytes(24).toString('base64url')}`;
export const LEDGER_MESSAGE = /管理画面のクレジット調整/;

/**
 * The operator database API on a real port, with the official postgrest-js client holding the
 * operator key, and a user who owns 30 credits.
 */
export interface OperatorDbContext {
  t: TestApp;
  /** http://127.0.0.1:{port}/api/db/faq-kobo */
  base: string;
  db: PostgrestClient;
  owner: SeededUser;
  call(
    path: string,
    init?: { method?: string; headers?: Record<string, string>; body?: unknown },
  ): Promise<Response>;
  runSql(query: string, params?: unknown[]): Promise<Response>;
  /** The balance and the sum of its ledger rows, which must always agree. */
  balanceAndLedger(userId: string): Promise<{ credits: number; ledger: number }>;
  /** A faq_generations row (SQL column names) owned by `owner`. */
  generation(id: string, title: string, extra?: Record<string, unknown>): Record<string, unknown>;
}

export async function startOperatorDbContext(): Promise<OperatorDbContext> {
  const t = await createTestApp({ OPERATOR_API_KEY: OPERATOR_KEY });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/db/faq-kobo`;
  const db = new PostgrestClient(`${base}/rest/v1`, {
    headers: { apikey: OPERATOR_KEY, Authorization: `Bearer ${OPERATOR_KEY}` },
  });
  const owner = await seedUser(t.app, { credits: 30 });
  const call: OperatorDbContext['call'] = (path, init = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.headers ?? { authorization: `Bearer ${OPERATOR_KEY}` }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  return {
    t,
    base,
    db,
    owner,
    call,
    runSql: (query, params = []) => call('/sql', { method: 'POST', body: { query, params } }),
    async balanceAndLedger(userId) {
      const [user] = await t.app.db
        .select({ credits: users.credits })
        .from(users)
        .where(eq(users.id, userId));
      const [sum] = await t.app.db
        .select({ total: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
        .from(creditTransactions)
        .where(eq(creditTransactions.userId, userId));
      return { credits: user!.credits, ledger: sum!.total };
    },
    generation: (id, title, extra = {}) => ({
      id,
      user_id: owner.id,
      title,
      method: 'url',
      ...extra,
    }),
  };
}
