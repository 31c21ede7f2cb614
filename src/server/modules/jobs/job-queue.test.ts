import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-database.ts';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { faqGenerations, rateLimitBuckets } from '../../db/schema.ts';
import { CLEANUP_DRAFTS_QUEUE, CLEANUP_RATE_LIMITS_QUEUE } from './background-jobs.ts';
import { JobQueue } from './job-queue.ts';

const silent = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  child: () => silent,
  level: 'silent',
  silent: () => undefined,
} as unknown as ConstructorParameters<typeof JobQueue>[1];

async function until(check: () => Promise<boolean>, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the job queue on the app database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('creates a job only when its transaction commits', async () => {
    const queue = new JobQueue(database, silent);
    const seen: string[] = [];
    await queue.start(
      [{ name: 'tx-test', handler: async (job) => void seen.push((job.data as { n: string }).n) }],
      [],
    );
    try {
      await database.db
        .transaction(async (tx) => {
          await queue.send('tx-test', { n: 'rolled back' }, { tx });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await database.db.transaction(async (tx) => {
        await queue.send('tx-test', { n: 'committed' }, { tx });
      });
      await until(async () => seen.length > 0);
      // Long enough for a wrongly kept job to have been fetched too.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen).toEqual(['committed']);
    } finally {
      await queue.stop(1000);
    }
  });

  it('stops within its grace: a finished job completes, one still running goes back to the queue', async () => {
    const queue = new JobQueue(database, silent);
    let release: (() => void) | undefined;
    await queue.start(
      [
        {
          name: 'slow-test',
          options: { retryLimit: 3 },
          work: { localConcurrency: 2 },
          handler: async (job) => {
            if ((job.data as { quick: boolean }).quick)
              await new Promise<void>((resolve) => (release = resolve));
            // A model call that outlives the grace; the queue's abort ends it.
            else await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
          },
        },
      ],
      [],
    );
    const quick = await queue.send('slow-test', { quick: true });
    const slow = await queue.send('slow-test', { quick: false });
    const state = async (id: string | null) =>
      (await queue.boss.findJobs('slow-test', { id: id! }))[0]?.state;
    await until(async () => (await state(quick)) === 'active' && (await state(slow)) === 'active');
    const stopping = queue.stop(1500);
    setTimeout(() => release?.(), 200);
    const started = Date.now();
    await stopping;
    expect(Date.now() - started).toBeLessThan(10_000);
    // Read with a queue that takes no jobs: the stopped one closed its connection.
    const reader = new JobQueue(database, silent);
    await reader.boss.start();
    try {
      const [quickJob] = await reader.boss.findJobs('slow-test', { id: quick! });
      const [slowJob] = await reader.boss.findJobs('slow-test', { id: slow! });
      expect(quickJob?.state).toBe('completed');
      // Failed back with retries left: another process (or the next start) runs it again.
      expect(slowJob?.state).toBe('retry');
    } finally {
      await reader.boss.stop({ graceful: false, close: true });
    }
  });
});

describe('a job announced while its queue is busy', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('is taken as soon as the one worker is free, not at its next poll', async () => {
    const queue = new JobQueue(database, silent);
    const started = new Map<string, number>();
    const ended = new Map<string, number>();
    let sendSecond: () => void = () => undefined;
    await queue.start(
      [
        {
          name: 'busy-test',
          // A poll far longer than the test: only the NOTIFY can bring the second job in time.
          work: { pollingIntervalSeconds: 30, notifyPollingIntervalSeconds: 30 },
          handler: async (job) => {
            const name = (job.data as { name: string }).name;
            started.set(name, Date.now());
            // Announced while this one runs.
            if (name === 'first') sendSecond();
            await new Promise((resolve) => setTimeout(resolve, 500));
            ended.set(name, Date.now());
          },
        },
      ],
      [],
    );
    try {
      sendSecond = () => void queue.send('busy-test', { name: 'second' });
      await queue.send('busy-test', { name: 'first' });
      await until(async () => ended.has('second'));
      // Generous: a missed NOTIFY would leave it to the 30-second poll.
      expect(started.get('second')! - ended.get('first')!).toBeLessThan(15_000);
    } finally {
      await queue.stop(1000);
    }
  }, 60_000);
});

describe('cleanups are jobs of the queue', () => {
  const t = useTestApp();

  it('schedules the draft and rate-limit cleanups, and their jobs remove what has expired', async () => {
    const schedules = await t.app.jobs.boss.getSchedules();
    expect(schedules.map((schedule) => schedule.name).sort()).toEqual([
      CLEANUP_DRAFTS_QUEUE,
      CLEANUP_RATE_LIMITS_QUEUE,
    ]);
    const user = await seedUser(t.app);
    const draft = `faq_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await t.app.db.insert(faqGenerations).values({
      id: draft,
      userId: user.id,
      title: '古い下書き',
      method: 'url',
      status: 'generating',
      stage: 'questions_ready',
      progress: 40,
      questions: JSON.stringify(['営業時間を教えてください。']),
      updatedAt: new Date(Date.now() - 31 * 24 * 60 * 60_000),
    });
    await t.app.db
      .insert(rateLimitBuckets)
      .values({ key: 'old-bucket', windowStart: new Date('2020-01-01T00:00:00Z'), count: 1 });
    await t.app.jobs.send(CLEANUP_DRAFTS_QUEUE, {});
    await t.app.jobs.send(CLEANUP_RATE_LIMITS_QUEUE, {});
    await until(async () => {
      const drafts = await t.app.db
        .select()
        .from(faqGenerations)
        .where(eq(faqGenerations.id, draft));
      const buckets = await t.app.db
        .select()
        .from(rateLimitBuckets)
        .where(eq(rateLimitBuckets.key, 'old-bucket'));
      return drafts.length === 0 && buckets.length === 0;
    });
  });
});
