import { eq, inArray, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import type { ServerProcess } from '../../../../tests/helpers/server-process.ts';
import {
  callAs,
  seedAccounts,
  startProcessCluster,
  type ProcessCluster,
} from '../../../../tests/helpers/generation-processes.ts';
import { creditTransactions, faqGenerations, users } from '../../db/schema.ts';

const JWT_SECRET = 'scale-process-secret-scale-process-secret-0123';
const USERS = 30;
const PER_USER = 2;
const QUESTIONS = 3;
const CREDITS = 20;

/**
 * Scale-out (issue 26): three server processes on one PostgreSQL database and a slow model,
 * 60 generations from 30 users. Mid-run one process is killed with SIGKILL and another is
 * restarted (SIGTERM, then started again): every generation still ends completed with all its
 * answers, each charged once for what it produced, and every balance equals its ledger.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('three processes, one killed mid-run', () => {
  let cluster: ProcessCluster;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    cluster = await startProcessCluster({
      name: 'scale',
      jwtSecret: JWT_SECRET,
      llm: { latencyMs: 50 },
    });
    servers = await Promise.all([0, 1, 2].map(() => cluster.start({ AI_CONCURRENCY: '8' })));
  }, 120_000);

  afterAll(() => cluster?.close());

  const rows = (ids: string[]) =>
    cluster.database.db.select().from(faqGenerations).where(inArray(faqGenerations.id, ids));

  async function until(what: string, check: () => Promise<boolean>, limitMs = 150_000) {
    const deadline = Date.now() + limitMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('every generation completes with all its answers, charged once, ledgers intact', async () => {
    const accounts = await seedAccounts(cluster.database.db, JWT_SECRET, USERS, CREDITS);
    const text = longBrochure().slice(0, 4000);
    // Spread over the three processes as a load balancer would.
    const jobs = accounts.flatMap((account, index) =>
      Array.from({ length: PER_USER }, (_, n) => ({
        account,
        server: servers[(index * PER_USER + n) % 3]!,
      })),
    );
    const ids = await Promise.all(
      jobs.map(async ({ account, server }) => {
        const created = await callAs(account.token, server, {
          method: 'POST',
          url: '/api/generations',
          body: { method: 'url', textInput: text, faqCount: QUESTIONS + 1 },
        });
        expect(created.status).toBe(202);
        return created.body.id;
      }),
    );
    await until('every draft', async () =>
      (await rows(ids)).every((row) => row.stage === 'questions_ready'),
    );
    const drafts = new Map((await rows(ids)).map((row) => [row.id, row]));
    // Each answer call now takes longer than the restarted process's grace.
    cluster.llm.setOptions({ latencyMs: 4000 });
    await Promise.all(
      jobs.map(async ({ account, server }, index) => {
        const id = ids[index]!;
        const questions = (JSON.parse(drafts.get(id)!.questions) as string[]).slice(0, QUESTIONS);
        const started = await callAs(account.token, server, {
          method: 'POST',
          url: `/api/generations/${id}/answers`,
          body: { questions },
        });
        expect(started.status).toBe(202);
      }),
    );
    // Mid-run: answer calls in flight, nothing finished yet.
    await until('answer runs at work', async () => cluster.llm.stats.inFlight >= 20, 60_000);
    expect((await rows(ids)).filter((row) => row.stage === 'completed')).toHaveLength(0);
    const [killed, restarted] = [servers[0]!, servers[1]!];
    killed.child.kill('SIGKILL');
    await restarted.stop();
    servers = [await cluster.start({ AI_CONCURRENCY: '8' }), servers[2]!];

    await until('every generation to end', async () =>
      (await rows(ids)).every((row) => row.stage === 'completed' || row.stage === 'failed'),
    );
    // Runs of both stopped processes were taken over: their jobs ran again.
    const taken = (await cluster.database.db.execute(
      sql`select count(*) as n from pgboss.job where name = 'generation-answers' and retry_count > 0`,
    )) as unknown as { rows: { n: string }[] };
    expect(Number(taken.rows[0]!.n)).toBeGreaterThan(0);
    for (const row of await rows(ids)) {
      expect(row, row.id).toMatchObject({
        status: 'completed',
        stage: 'completed',
        creditsUsed: QUESTIONS,
      });
      const items = row.items as { failed?: boolean }[];
      expect(items).toHaveLength(QUESTIONS);
      expect(items.every((item) => !item.failed)).toBe(true);
    }
    for (const account of accounts) {
      const [user] = await cluster.database.db.select().from(users).where(eq(users.id, account.id));
      const ledger = await cluster.database.db
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.userId, account.id));
      const [total] = await cluster.database.db
        .select({ total: sum(creditTransactions.amount) })
        .from(creditTransactions)
        .where(eq(creditTransactions.userId, account.id));
      // One charge per generation, for the answers it produced; nothing left held.
      expect(ledger.filter((row) => row.type === 'usage').map((row) => row.amount)).toEqual(
        Array.from({ length: PER_USER }, () => -QUESTIONS),
      );
      expect(user!.credits).toBe(Number(total!.total));
      expect(user).toMatchObject({ credits: CREDITS - PER_USER * QUESTIONS, reservedCredits: 0 });
    }
  }, 300_000);
});
