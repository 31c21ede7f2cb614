/**
 * Scale-out benchmark (issue 26): answer runs through real server processes on one PostgreSQL
 * database against the mock model with a fixed latency per call, with one process and with
 * three. Each process has the same model slots (AI_CONCURRENCY), so a latency-bound workload
 * should go about three times as fast with three: the queue lets any process take any job.
 * Needs PostgreSQL: BENCH_DATABASE_URL, or TEST_DATABASE_URL (a server where databases may be
 * created); without one it says so and skips.
 */
import { inArray } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { faqGenerations } from '../src/server/db/schema.ts';
import { longBrochure } from '../tests/fixtures/long-brochure.ts';
import {
  callAs,
  seedAccounts,
  startProcessCluster,
} from '../tests/helpers/generation-processes.ts';
import { table } from './support.ts';

// Long enough that the model is the bound, not the servers' own work on a small machine.
const LATENCY_MS = Number(process.env.BENCH_SCALE_LATENCY_MS ?? 2000);
const SLOTS = Number(process.env.BENCH_AI_CONCURRENCY ?? 4);
const USERS = 12;
const PER_USER = 2;
const ANSWERS = 10;
const JWT_SECRET = 'bench-scale-out-secret-bench-scale-out-0123456';

async function answersPerSecond(
  processes: number,
): Promise<{ answers: number; seconds: number; inFlight: number }> {
  const cluster = await startProcessCluster({
    name: 'bench-scale',
    jwtSecret: JWT_SECRET,
    llm: { latencyMs: 5 },
  });
  try {
    const servers = await Promise.all(
      Array.from({ length: processes }, () => cluster.start({ AI_CONCURRENCY: String(SLOTS) })),
    );
    const accounts = await seedAccounts(cluster.database.db, JWT_SECRET, USERS, 100);
    const runs = accounts.flatMap((account, index) =>
      Array.from({ length: PER_USER }, (_, n) => ({
        account,
        server: servers[(index * PER_USER + n) % servers.length]!,
      })),
    );
    const rows = (ids: string[]) =>
      cluster.database.db.select().from(faqGenerations).where(inArray(faqGenerations.id, ids));
    const until = async (check: () => Promise<boolean>) => {
      const deadline = Date.now() + 300_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error('the benchmark did not finish in 5 minutes');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    // Drafts at full speed; only the answer runs are measured.
    const ids = await Promise.all(
      runs.map(async ({ account, server }) => {
        const created = await callAs(account.token, server, {
          method: 'POST',
          url: '/api/generations',
          body: {
            method: 'url',
            textInput: longBrochure().slice(0, 4000),
            faqCount: ANSWERS + 2,
          },
        });
        return created.body.id;
      }),
    );
    await until(async () => (await rows(ids)).every((row) => row.stage === 'questions_ready'));
    const drafts = new Map((await rows(ids)).map((row) => [row.id, row]));
    cluster.llm.setOptions({ latencyMs: LATENCY_MS });
    cluster.llm.resetStats();
    const start = performance.now();
    await Promise.all(
      runs.map(({ account, server }, index) => {
        const id = ids[index]!;
        const questions = (JSON.parse(drafts.get(id)!.questions) as string[]).slice(0, ANSWERS);
        return callAs(account.token, server, {
          method: 'POST',
          url: `/api/generations/${id}/answers`,
          body: { questions },
        });
      }),
    );
    await until(async () => (await rows(ids)).every((row) => row.stage === 'completed'));
    const seconds = (performance.now() - start) / 1000;
    const answers = (await rows(ids)).reduce((total, row) => total + row.creditsUsed, 0);
    return { answers, seconds, inFlight: cluster.llm.stats.maxInFlight };
  } finally {
    await cluster.close();
  }
}

export async function runScaleOutBench(): Promise<boolean> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log(
      'skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server to compare one and three processes',
    );
    return true;
  }
  // The cluster helper makes its database on the server TEST_DATABASE_URL names.
  process.env.TEST_DATABASE_URL = url;
  const one = await answersPerSecond(1);
  const three = await answersPerSecond(3);
  const rate = (result: { answers: number; seconds: number }) => result.answers / result.seconds;
  table([
    {
      processes: 1,
      answers: one.answers,
      'wall s': one.seconds.toFixed(1),
      'answers / s': rate(one).toFixed(1),
      'max calls at once': one.inFlight,
    },
    {
      processes: 3,
      answers: three.answers,
      'wall s': three.seconds.toFixed(1),
      'answers / s': rate(three).toFixed(1),
      'max calls at once': three.inFlight,
    },
  ]);
  const speedup = rate(three) / rate(one);
  // Three processes have three times the model slots; the queue should use most of them.
  const ok = speedup >= 2;
  console.log(
    `${USERS * PER_USER} answer runs of ${ANSWERS}, model latency ${LATENCY_MS} ms per call, ${SLOTS} model slots per process; speed-up ${speedup.toFixed(2)}× (target ≥ 2): ${ok ? 'met' : 'NOT met'}`,
  );
  return ok;
}

if (import.meta.main) {
  process.exit((await runScaleOutBench()) ? 0 : 1);
}
