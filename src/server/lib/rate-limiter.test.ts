import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../tests/helpers/test-database.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { rateLimitBuckets } from '../db/schema.ts';
import { HttpError } from './http-error.ts';
import { consumeRateLimit, pruneRateLimits, type RateLimitRule } from './rate-limiter.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rule = { limit: 3, windowSeconds: 600, message: 'テストの試行回数が多すぎます。' };
// A fixed instant at the start of a 10-minute window.
const windowStart = new Date('2026-11-23T05:00:00.000Z');
const at = (offsetSeconds: number) => new Date(windowStart.getTime() + offsetSeconds * 1000);

async function attempt(key: string, now: Date, ruleToUse: RateLimitRule = rule) {
  try {
    await consumeRateLimit(database.db, key, ruleToUse, now);
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

describe('consumeRateLimit', () => {
  it('allows `limit` attempts per window, then answers 429 with the message and the wait', async () => {
    for (let index = 0; index < 3; index++) expect(await attempt('a', at(index))).toBe('ok');
    const blocked = await attempt('a', at(10));
    expect(blocked).toBeInstanceOf(HttpError);
    expect(blocked).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((blocked as HttpError).message).toBe(
      'テストの試行回数が多すぎます（約10分後に再試行できます）。',
    );
    // Near the end of the window the wait is shown in seconds.
    expect(((await attempt('a', at(590))) as HttpError).message).toContain('約10秒後');
    // The next window starts fresh.
    expect(await attempt('a', at(600))).toBe('ok');
  });

  it('counts keys separately', async () => {
    for (let index = 0; index < 3; index++) await attempt('b', at(0));
    expect(await attempt('b', at(1))).toBeInstanceOf(HttpError);
    expect(await attempt('c', at(1))).toBe('ok');
  });

  it('uses the generic Japanese message when none is given', async () => {
    const generic = { limit: 0, windowSeconds: 60 };
    const blocked = (await attempt('d', at(0), generic)) as HttpError;
    expect(blocked.message).toMatch(
      /^リクエストが多すぎます。しばらく待ってから再試行してください（約1分後に再試行できます）。$/,
    );
  });

  it('counts concurrent attempts exactly', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => attempt('e', at(5))));
    expect(results.filter((result) => result === 'ok')).toHaveLength(3);
    const [bucket] = await database.db
      .select()
      .from(rateLimitBuckets)
      .where(eq(rateLimitBuckets.key, 'e'));
    expect(bucket!.count).toBe(10);
  });

  it('prunes windows older than the given time only', async () => {
    await attempt('old', new Date('2026-01-01T00:00:00Z'));
    await attempt('new', at(0));
    await pruneRateLimits(database.db, new Date('2026-06-01T00:00:00Z'));
    const keys = (await database.db.select().from(rateLimitBuckets)).map((row) => row.key);
    expect(keys).not.toContain('old');
    expect(keys).toContain('new');
  });
});
