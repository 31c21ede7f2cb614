import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import { startMockLlm } from '../../../../tests/fixtures/mock-llm/server.ts';
import { balance, createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { creditReservations, creditTransactions, faqGenerations } from '../../db/schema.ts';
import { releaseGenerationReservations } from '../credits/ledger.ts';
import { announceDeletion } from './generation-events.ts';
import { isWorking } from './running-work.ts';

/**
 * Deleting a record while its work runs (issue 22 item 3): the work stops, and the user is
 * charged nothing for a record they no longer have. The model answers only when the test lets
 * it (a long latency ended by releaseWaiting), so the deletion always lands mid-run.
 */
let t: TestApp;
let llm: Awaited<ReturnType<typeof startMockLlm>>;
beforeAll(async () => {
  llm = await startMockLlm();
  t = await createTestApp({
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: llm.url,
    AI_CONCURRENCY: '1',
  });
});
afterAll(async () => {
  llm.releaseWaiting();
  await t.close();
  await llm.close();
});

const SLOW = { latencyMs: 600_000 };

async function draftOf(user: SeededUser, faqCount: number) {
  llm.setOptions({});
  return createDraft(t, user, {
    method: 'url',
    textInput: longBrochure().slice(0, 4000),
    faqCount,
  });
}

async function ledger(userId: string) {
  const rows = await t.app.db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  return {
    usage: rows.filter((row) => row.type === 'usage'),
    sum: rows.reduce((total, row) => total + row.amount, 0),
  };
}

async function heldFor(generationId: string) {
  const rows = await t.app.db
    .select({ id: creditReservations.id })
    .from(creditReservations)
    .where(
      and(eq(creditReservations.generationId, generationId), eq(creditReservations.status, 'held')),
    );
  return rows.length;
}

/**
 * Lets every model call answer until the record's reservation is settled: from then on its
 * charge is final, whatever the job still does (a settled reservation never charges again).
 */
async function untilSettled(generationId: string) {
  await vi.waitFor(
    async () => {
      llm.releaseWaiting();
      expect(await heldFor(generationId)).toBe(0);
    },
    { timeout: 20_000, interval: 50 },
  );
}

const deleteRecord = (user: SeededUser, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/generations/${id}`, headers: user.headers });

describe('deleting a record while its work runs', () => {
  it('an answer run of 8 deleted mid-run charges nothing and makes no further model call', async () => {
    const user = await seedUser(t.app, { credits: 20 });
    const draft = await draftOf(user, 8);
    expect(draft.questions).toHaveLength(8);
    llm.setOptions(SLOW);
    llm.resetStats();
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${draft.id}/answers`,
      headers: user.headers,
      payload: { questions: draft.questions },
    });
    expect(started.statusCode).toBe(202);
    await vi.waitFor(() => expect(llm.stats.inFlight).toBeGreaterThan(0), { timeout: 10_000 });
    expect(await balance(t, user.id)).toEqual({ credits: 20, reserved: 8 });

    const callsBefore = llm.stats.calls;
    const abortedBefore = llm.stats.aborted;
    expect((await deleteRecord(user, draft.id)).statusCode).toBe(204);
    // The call in flight is abandoned at once, not waited for.
    await vi.waitFor(() => expect(llm.stats.aborted).toBeGreaterThan(abortedBefore), {
      timeout: 5_000,
    });
    await untilSettled(draft.id);
    await vi.waitFor(() => expect(isWorking(draft.id)).toBe(false), { timeout: 10_000 });

    expect(await balance(t, user.id)).toEqual({ credits: 20, reserved: 0 });
    const { usage, sum } = await ledger(user.id);
    expect(usage).toEqual([]);
    expect(sum).toBe(20);
    // The run stopped: the second batch of questions never went to the model.
    expect(llm.stats.calls).toBe(callsBefore);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${draft.id}`,
      headers: user.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('a deletion by another process (no abort here) stops the work when its announcement arrives', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const draft = await draftOf(user, 8);
    llm.setOptions(SLOW);
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${draft.id}/answers`,
      headers: user.headers,
      payload: { questions: draft.questions },
    });
    await vi.waitFor(() => expect(llm.stats.inFlight).toBeGreaterThan(0), { timeout: 10_000 });
    const abortedBefore = llm.stats.aborted;
    // What deleteHistoryRecord writes, without the in-process abort another process cannot send:
    // the deletion's announcement, heard by every process on commit, stops the work.
    await t.app.db.transaction(async (tx) => {
      await tx.delete(faqGenerations).where(eq(faqGenerations.id, draft.id));
      await releaseGenerationReservations(tx, draft.id);
      await announceDeletion(tx, draft.id);
    });
    await vi.waitFor(() => expect(llm.stats.aborted).toBeGreaterThan(abortedBefore), {
      timeout: 15_000,
    });
    await vi.waitFor(() => expect(isWorking(draft.id)).toBe(false), { timeout: 10_000 });
    expect(await balance(t, user.id)).toEqual({ credits: 10, reserved: 0 });
    expect((await ledger(user.id)).usage).toEqual([]);
  });

  it('a record deleted as its answers are kept is charged either fully (kept first) or not at all', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const draft = await draftOf(user, 3);
    llm.setOptions({});
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${draft.id}/answers`,
      headers: user.headers,
      payload: { questions: draft.questions },
    });
    // Delete as soon as the run is seen answering: sometimes before, sometimes after the end.
    await vi.waitFor(
      async () => {
        const [row] = await t.app.db
          .select({ stage: faqGenerations.stage })
          .from(faqGenerations)
          .where(eq(faqGenerations.id, draft.id));
        expect(row?.stage).not.toBe('questions_ready');
      },
      { timeout: 10_000, interval: 5 },
    );
    const [before] = await t.app.db
      .select({ stage: faqGenerations.stage })
      .from(faqGenerations)
      .where(eq(faqGenerations.id, draft.id));
    expect((await deleteRecord(user, draft.id)).statusCode).toBe(204);
    await untilSettled(draft.id);
    await vi.waitFor(() => expect(isWorking(draft.id)).toBe(false), { timeout: 10_000 });
    const { usage, sum } = await ledger(user.id);
    const { credits, reserved } = await balance(t, user.id);
    expect(reserved).toBe(0);
    expect(sum).toBe(credits);
    // Fully or not at all: the run can still end and keep its answers between the read of the
    // stage above and the deletion, so the stage read does not tell which of the two it was.
    const charged = -usage.reduce((total, row) => total + row.amount, 0);
    expect([0, 3]).toContain(charged);
    if (before?.stage !== 'answering') expect(charged).toBe(3);
  });

  it('an answer regeneration deleted mid-call answers 404 and charges nothing', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const draft = await draftOf(user, 2);
    await t.app.inject({
      method: 'POST',
      url: `/api/generations/${draft.id}/answers`,
      headers: user.headers,
      payload: { questions: draft.questions },
    });
    const done = await waitForStage(t, user, draft.id, ['completed', 'failed']);
    expect(done.stage).toBe('completed');
    const afterRun = await balance(t, user.id);

    llm.setOptions(SLOW);
    const inFlightBefore = llm.stats.inFlight;
    const regenerating = t.app.inject({
      method: 'POST',
      url: `/api/generations/${draft.id}/items/0/regenerate`,
      headers: user.headers,
    });
    await vi.waitFor(() => expect(llm.stats.inFlight).toBeGreaterThan(inFlightBefore), {
      timeout: 10_000,
    });
    expect(await balance(t, user.id)).toEqual({ ...afterRun, reserved: 1 });
    expect((await deleteRecord(user, draft.id)).statusCode).toBe(204);
    llm.releaseWaiting();
    const response = await regenerating;
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('履歴が見つかりません');
    expect(await balance(t, user.id)).toEqual({ ...afterRun, reserved: 0 });
    const { usage, sum } = await ledger(user.id);
    expect(usage.map((row) => row.amount)).toEqual([-done.creditsUsed]);
    expect(sum).toBe(afterRun.credits);
  });

  it('a question phase deleted while the model writes questions stops without a failure', async () => {
    const user = await seedUser(t.app, { credits: 5 });
    llm.setOptions(SLOW);
    const inFlightBefore = llm.stats.inFlight;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: user.headers,
      payload: { method: 'url', textInput: longBrochure().slice(0, 4000), faqCount: 8 },
    });
    expect(created.statusCode).toBe(202);
    const { id } = created.json();
    await vi.waitFor(() => expect(llm.stats.inFlight).toBeGreaterThan(inFlightBefore), {
      timeout: 10_000,
    });
    const callsBefore = llm.stats.calls;
    const abortedBefore = llm.stats.aborted;
    expect((await deleteRecord(user, id)).statusCode).toBe(204);
    await vi.waitFor(() => expect(llm.stats.aborted).toBeGreaterThan(abortedBefore), {
      timeout: 5_000,
    });
    await vi.waitFor(() => expect(isWorking(id)).toBe(false), { timeout: 10_000 });
    llm.releaseWaiting();
    expect(llm.stats.calls).toBe(callsBefore);
    const [left] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(faqGenerations)
      .where(eq(faqGenerations.id, id));
    expect(left?.n).toBe(0);
    expect(await balance(t, user.id)).toEqual({ credits: 5, reserved: 0 });
  });
});
