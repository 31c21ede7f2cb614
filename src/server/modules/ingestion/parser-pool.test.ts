import { afterEach, describe, expect, it } from 'vitest';
import {
  ParserJobFailed,
  ParserPool,
  residentBytes,
  type ParserPoolLimits,
} from './parser-pool.ts';

const STUB = new URL('../../../../tests/fixtures/parser-child-stub.ts', import.meta.url);
type Job =
  | { do: 'echo'; text: string }
  | { do: 'allocate'; megabytes: number }
  | { do: 'hang' }
  | { do: 'exit'; code: number };
interface Answer {
  pid: number;
  text?: string;
  env?: string[];
}

const LIMITS: ParserPoolLimits = {
  size: 1,
  heapMb: 64,
  maxRssBytes: 200 * 1024 * 1024,
  timeLimitMs: 20_000,
  idleMs: 60_000,
  pollMs: 50,
};
let pool: ParserPool<Job, Answer>;
afterEach(() => pool.close());

async function failure(promise: Promise<unknown>): Promise<ParserJobFailed> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ParserJobFailed);
  return error as ParserJobFailed;
}

async function busyPid(): Promise<number> {
  await expect.poll(() => pool.busyPids().length, { timeout: 10_000 }).toBe(1);
  return pool.busyPids()[0]!;
}

describe('ParserPool', () => {
  it('keeps a child between jobs that went well', async () => {
    pool = new ParserPool<Job, Answer>(STUB, LIMITS);
    const first = await pool.run({ do: 'echo', text: '一' });
    const second = await pool.run({ do: 'echo', text: '二' });
    expect(second).toMatchObject({ text: '二', pid: first.pid });
  });

  it("gives a child none of the server's environment but NODE_ENV and TZ", async () => {
    pool = new ParserPool<Job, Answer>(STUB, LIMITS);
    const { env } = await pool.run({ do: 'echo', text: 'env' });
    expect(Object.keys(process.env)).toContain('PATH');
    expect(env!.filter((name) => name !== 'NODE_ENV' && name !== 'TZ')).toEqual([]);
  });

  it('a child killed in the middle of a job fails that job, and the next job gets a new child', async () => {
    pool = new ParserPool<Job, Answer>(STUB, LIMITS);
    const { pid: before } = await pool.run({ do: 'echo', text: 'warm' });
    const hanging = pool.run({ do: 'hang' });
    expect(await busyPid()).toBe(before);
    process.kill(before, 'SIGKILL');
    expect((await failure(hanging)).reason).toBe('memory');
    const after = await pool.run({ do: 'echo', text: '次' });
    expect(after.text).toBe('次');
    expect(after.pid).not.toBe(before);
  });

  it('stays usable after close(), and a later close() ends the children started since', async () => {
    pool = new ParserPool<Job, Answer>(STUB, LIMITS);
    const { pid: before } = await pool.run({ do: 'echo', text: '前' });
    pool.close();
    // A file sharing the pool with files before it (a test run without isolation) runs jobs
    // on a pool an earlier file closed: each job must not leave a child of its own behind.
    const first = await pool.run({ do: 'echo', text: '後' });
    const second = await pool.run({ do: 'echo', text: '再' });
    expect(first.pid).not.toBe(before);
    expect(second.pid).toBe(first.pid);
    pool.close();
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(() => [before, first.pid].filter(alive), { timeout: 10_000 }).toEqual([]);
  });

  it('kills a child whose memory outside the heap passes the cap', async () => {
    pool = new ParserPool<Job, Answer>(STUB, LIMITS);
    // 400 MB of Buffers: nothing V8's heap limit (64 MB here) would ever notice.
    const error = await failure(pool.run({ do: 'allocate', megabytes: 400 }));
    expect(error.reason).toBe('memory');
    expect((await pool.run({ do: 'echo', text: 'ok' })).text).toBe('ok');
  });

  it('kills a child that runs past the time limit', async () => {
    pool = new ParserPool<Job, Answer>(STUB, { ...LIMITS, timeLimitMs: 1_000 });
    const hanging = pool.run({ do: 'hang' });
    const pid = await busyPid();
    expect((await failure(hanging)).reason).toBe('time');
    await expect.poll(() => residentBytes(pid), { timeout: 5_000 }).toBeNull();
    expect((await pool.run({ do: 'echo', text: 'ok' })).text).toBe('ok');
  });

  it('reports a child that exits by itself as crashed', async () => {
    pool = new ParserPool<Job, Answer>(STUB, LIMITS);
    expect((await failure(pool.run({ do: 'exit', code: 3 }))).reason).toBe('crash');
    expect((await pool.run({ do: 'echo', text: 'ok' })).text).toBe('ok');
  });

  it('runs no more children at once than its size; the rest wait', async () => {
    pool = new ParserPool<Job, Answer>(STUB, { ...LIMITS, size: 1, timeLimitMs: 1_500 });
    const hanging = pool.run({ do: 'hang' });
    let echoed = false;
    const echo = pool.run({ do: 'echo', text: '後' }).then((answer) => {
      echoed = true;
      return answer;
    });
    await busyPid();
    expect(echoed).toBe(false);
    expect(pool.busyPids()).toHaveLength(1);
    await failure(hanging);
    expect((await echo).text).toBe('後');
  });

  it("does not count a new child's start-up against the job's time", async () => {
    const slowStart = new URL(
      '../../../../tests/fixtures/parser-child-slow-start.ts',
      import.meta.url,
    );
    pool = new ParserPool<Job, Answer>(slowStart, { ...LIMITS, timeLimitMs: 500 });
    expect((await pool.run({ do: 'echo', text: '起動後' })).text).toBe('起動後');
  });

  it('ends a child that never starts listening, as out of time', async () => {
    const mute = new URL('../../../../tests/fixtures/parser-child-mute.ts', import.meta.url);
    pool = new ParserPool<Job, Answer>(mute, { ...LIMITS, startLimitMs: 1_000 });
    expect((await failure(pool.run({ do: 'echo', text: '無言' }))).reason).toBe('time');
  });

  it('never reuses a child whose answer it was told not to trust', async () => {
    pool = new ParserPool<Job, Answer>(STUB, LIMITS, (answer) => answer.text !== 'bad');
    const first = await pool.run({ do: 'echo', text: 'bad' });
    const second = await pool.run({ do: 'echo', text: 'good' });
    expect(second.pid).not.toBe(first.pid);
  });
});
