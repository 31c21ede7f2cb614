/**
 * Credit benchmark: concurrent ledger operations against the running server and
 * in-process, each measured beside its sequential baseline in the same run, then the invariant
 * (balance == sum of ledger rows, never negative) is checked. Exits non-zero if it is broken.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { creditTransactions, users } from '../src/server/db/schema.ts';
import { grantCredits, spendCredits } from '../src/server/modules/credits/ledger.ts';
import { CHECKOUT_SESSIONS_PER_HOUR } from '../src/server/modules/payments/payments.service.ts';
import { startServer, table } from './support.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10);
const SPENDS = Number(process.env.BENCH_SPENDS ?? 1000);
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 40);

async function inProcess() {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  const ids = Array.from({ length: USERS }, () => randomUUID());
  await database.db
    .insert(users)
    .values(ids.map((id) => ({ id, email: `${id}@bench.jp`, passwordHash: 'x' })));
  for (const id of ids)
    await grantCredits(database.db, {
      userId: id,
      amount: SPENDS,
      type: 'purchase',
      description: 'bench',
    });
  const spend = (index: number) =>
    spendCredits(database.db, {
      userId: ids[index % USERS]!,
      amount: 1,
      type: 'usage',
      description: 'FAQ1件生成',
    }).catch(() => null);

  const half = SPENDS / 2;
  let start = performance.now();
  for (let index = 0; index < half; index++) await spend(index);
  const sequentialMs = performance.now() - start;
  start = performance.now();
  await Promise.all(Array.from({ length: half }, (_, index) => spend(index)));
  const concurrentMs = performance.now() - start;

  let violations = 0;
  for (const id of ids) {
    const [user] = await database.db.select().from(users).where(eq(users.id, id));
    const [ledger] = await database.db
      .select({ total: sql<number>`coalesce(sum(${creditTransactions.amount}),0)::int` })
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, id));
    if (!user || user.credits !== ledger!.total || user.credits < 0) violations++;
  }
  await database.close();
  return { kind: database.kind, sequentialMs, concurrentMs, half, violations };
}

async function overHttp() {
  const server = await startServer();
  // Each account may open only so many checkout pages an hour (ADR 024).
  const accounts = Math.max(USERS, Math.ceil(PURCHASES / CHECKOUT_SESSIONS_PER_HOUR));
  try {
    const sessions: { access_token: string }[] = [];
    // Purchases of one account running at once share its open page, which credits once.
    const pages = new Set<string>();
    for (let index = 0; index < accounts; index++) {
      const response = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `bench-${index}-${Date.now()}@bench.jp`,
          password: 'password123',
        }),
      });
      sessions.push((await response.json()) as { access_token: string });
    }
    // The sign-up bonus waits for a confirmed address, so count what each account starts with.
    let startingBalance = 0;
    for (const session of sessions) {
      const response = await fetch(`${server.url}/api/credits?limit=1`, {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      startingBalance += ((await response.json()) as { balance: number }).balance;
    }
    const purchase = async (index: number) => {
      const token = sessions[index % accounts]!.access_token;
      const checkout = await fetch(`${server.url}/api/payments/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ planId: 'light' }),
      });
      const { url } = (await checkout.json()) as { url: string };
      pages.add(url);
      // Each completion is sent twice: the second must grant nothing.
      const complete = () =>
        fetch(`${url}/complete`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          redirect: 'manual',
        });
      await Promise.all([complete(), complete()]);
    };
    const half = PURCHASES / 2;
    let start = performance.now();
    for (let index = 0; index < half; index++) await purchase(index);
    const sequentialMs = performance.now() - start;
    start = performance.now();
    await Promise.all(Array.from({ length: half }, (_, index) => purchase(index + half)));
    const concurrentMs = performance.now() - start;

    let violations = 0;
    let totalBalance = 0;
    for (const session of sessions) {
      const response = await fetch(`${server.url}/api/credits?limit=50`, {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      const body = (await response.json()) as {
        balance: number;
        transactions: { amount: number }[];
        nextCursor: string | null;
      };
      const sum = body.transactions.reduce((total, row) => total + row.amount, 0);
      if (body.nextCursor || body.balance !== sum || body.balance < 0) violations++;
      totalBalance += body.balance;
    }
    const expected = startingBalance + pages.size * 100;
    if (totalBalance !== expected) violations++;
    return { sequentialMs, concurrentMs, half, violations, totalBalance, expected };
  } finally {
    await server.stop();
  }
}

export async function runCreditsBench(): Promise<boolean> {
  const local = await inProcess();
  const http = await overHttp();
  table([
    {
      benchmark: `ledger spends in-process (${local.kind})`,
      operations: local.half,
      'sequential ops/s': Math.round((local.half / local.sequentialMs) * 1000),
      'concurrent ops/s': Math.round((local.half / local.concurrentMs) * 1000),
      'concurrent / sequential': (local.sequentialMs / local.concurrentMs).toFixed(2),
      'invariant violations': local.violations,
    },
    {
      benchmark: 'purchases over HTTP (each completed twice)',
      operations: http.half,
      'sequential ops/s': Math.round((http.half / http.sequentialMs) * 1000),
      'concurrent ops/s': Math.round((http.half / http.concurrentMs) * 1000),
      'concurrent / sequential': (http.sequentialMs / http.concurrentMs).toFixed(2),
      'invariant violations': http.violations,
    },
  ]);
  console.log(`total balance over HTTP: ${http.totalBalance} (expected ${http.expected})`);
  const ok = local.violations === 0 && http.violations === 0;
  console.log(ok ? 'credit invariant holds' : 'CREDIT INVARIANT VIOLATED');
  return ok;
}

if (import.meta.main) {
  process.exitCode = (await runCreditsBench()) ? 0 : 1;
}
