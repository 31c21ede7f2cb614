import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import type { ServerProcess } from '../../../../tests/helpers/server-process.ts';
import {
  callAs,
  confirmedAccountVia,
  startProcessCluster,
  type ProcessCluster,
} from '../../../../tests/helpers/generation-processes.ts';
import { creditReservations, creditTransactions, faqGenerations, users } from '../../db/schema.ts';

/**
 * Resumption with real processes on one PostgreSQL database (docs/adr/038): a process killed with
 * SIGKILL mid-work leaves its jobs to the queue; another process (a live one, or one restarted)
 * takes them over once the dead one's heartbeat stops and finishes them from their records,
 * charging each answer once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('resumption across server processes', () => {
  let cluster: ProcessCluster;
  const servers: Record<'killed' | 'live' | 'next', ServerProcess | undefined> = {
    killed: undefined,
    live: undefined,
    next: undefined,
  };
  let token: string;
  let userId: string;

  beforeAll(async () => {
    cluster = await startProcessCluster({
      name: 'resume',
      jwtSecret: 'resume-process-secret-resume-process-012345678',
    });
    [servers.killed, servers.live] = await Promise.all([cluster.start(), cluster.start()]);
    ({ token, userId } = await confirmedAccountVia(
      servers.killed!,
      cluster.database.db,
      `resume-${Date.now()}@example.jp`,
    ));
  }, 120_000);

  afterAll(() => cluster?.close());

  const call = (server: ServerProcess, method: string, url: string, body?: object) =>
    callAs(token, server, { method, url, ...(body ? { body } : {}) });

  const record = async (id: string) =>
    (await cluster.database.db.select().from(faqGenerations).where(eq(faqGenerations.id, id)))[0]!;

  const until = async <T>(what: string, probe: () => Promise<T | undefined>): Promise<T> => {
    // A takeover waits for the dead process's heartbeat to lapse; a busy machine adds to it.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const found = await probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const reachStage = (id: string, stages: string[]) =>
    until(`${id} at ${stages.join('/')}`, async () => {
      const row = await record(id);
      return stages.includes(row.stage) ? row : undefined;
    });

  const draft = async (server: ServerProcess) => {
    const created = await call(server, 'POST', '/api/generations', {
      method: 'url',
      textInput: longBrochure().slice(0, 4000),
      faqCount: 5,
    });
    expect(created.status).toBe(202);
    const ready = await reachStage(created.body.id, ['questions_ready', 'failed']);
    expect(ready.stage).toBe('questions_ready');
    return { id: ready.id, questions: JSON.parse(ready.questions) as string[] };
  };

  const heldFor = async (generationId: string) =>
    (
      await cluster.database.db
        .select()
        .from(creditReservations)
        .where(eq(creditReservations.generationId, generationId))
    ).filter((reservation) => reservation.status === 'held');

  /** Balance equals the sum of its ledger rows; neither balance nor reservations go negative. */
  const ledgerHolds = async () => {
    const [user] = await cluster.database.db.select().from(users).where(eq(users.id, userId));
    const [ledger] = await cluster.database.db
      .select({ total: sum(creditTransactions.amount) })
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId));
    expect(user!.credits).toBe(Number(ledger!.total));
    expect(user!.credits).toBeGreaterThanOrEqual(0);
    expect(user!.reservedCredits).toBeGreaterThanOrEqual(0);
    return { credits: user!.credits, reserved: user!.reservedCredits };
  };

  it('finishes the work of a killed process in another, charging each answer once', async () => {
    const killed = servers.killed!;
    const live = servers.live!;
    // Prepared at full speed: two drafts and a completed record with one answer.
    // (At most two question phases run per user at once.)
    const [lost, kept] = await Promise.all([draft(killed), draft(live)]);
    const finished = await draft(killed);
    expect(
      (
        await call(killed, 'POST', `/api/generations/${finished.id}/answers`, {
          questions: finished.questions.slice(0, 1),
        })
      ).status,
    ).toBe(202);
    const completed = await reachStage(finished.id, ['completed', 'failed']);
    expect(completed.stage).toBe('completed');
    const before = await ledgerHolds();
    expect(before.reserved).toBe(0);

    // From now on every model call waits until released: the work below is caught mid-call.
    cluster.llm.setOptions({ latencyMs: 10 * 60_000 });
    expect(
      (
        await call(killed, 'POST', `/api/generations/${lost.id}/answers`, {
          questions: lost.questions.slice(0, 3),
        })
      ).status,
    ).toBe(202);
    const regeneration = call(
      killed,
      'POST',
      `/api/generations/${finished.id}/items/0/regenerate`,
    ).catch(() => undefined);
    expect(
      (
        await call(live, 'POST', `/api/generations/${kept.id}/answers`, {
          questions: kept.questions.slice(0, 3),
        })
      ).status,
    ).toBe(202);
    await until('all three jobs at work', async () => {
      const rows = await Promise.all([lost.id, finished.id, kept.id].map((id) => record(id)));
      const working = rows.every((row) => row.stage === 'answering');
      return working && cluster.llm.stats.inFlight >= 2 ? true : undefined;
    });
    expect((await ledgerHolds()).reserved).toBe(3 + 1 + 3);

    killed.child.kill('SIGKILL');
    await new Promise((resolve) =>
      killed.child.exitCode === null ? killed.child.once('exit', resolve) : resolve(undefined),
    );
    await regeneration;
    // And a process restarted beside the live one.
    servers.next = await cluster.start();
    cluster.llm.setOptions({});
    cluster.llm.releaseWaiting();

    const resumed = await reachStage(lost.id, ['completed', 'failed']);
    expect(resumed).toMatchObject({ status: 'completed', creditsUsed: 3 });
    expect(resumed.items).toHaveLength(3);
    const done = await reachStage(kept.id, ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', creditsUsed: 3 });
    // The regeneration's job ran again elsewhere: the record is back, nothing left held.
    await until('the regeneration to end', async () =>
      (await record(finished.id)).stage === 'completed' && (await heldFor(finished.id)).length === 0
        ? true
        : undefined,
    );
    const regenerated = await record(finished.id);
    expect((regenerated.items as unknown[]).length).toBe((completed.items as unknown[]).length);
    const after = await ledgerHolds();
    const extra = regenerated.creditsUsed - completed.creditsUsed;
    expect(after).toEqual({ credits: before.credits - 3 - 3 - extra, reserved: 0 });
    const usage = await cluster.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId));
    // One usage row per charge: the first run, the two resumed or finished runs, a regeneration.
    expect(
      usage
        .filter((row) => row.type === 'usage')
        .map((row) => row.amount)
        .sort(),
    ).toEqual([-completed.creditsUsed, -3, -3, ...(extra > 0 ? [-extra] : [])].sort());
  }, 180_000);
});
