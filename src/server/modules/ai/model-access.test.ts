import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { consumeDailyAllowance } from './model-access.ts';

describe('a daily allowance used up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    // Japan time is UTC+9: 13:00:30 UTC is 22:00:30 in Japan, 1 h 59 min 30 s before midnight.
    ['2026-11-27T13:00:30Z', '約2時間後', 7170],
    ['2026-11-27T13:30:00Z', '約1時間30分後', 5400],
    ['2026-11-27T14:59:10Z', '約1分後', 50],
  ])('at %s says when Japan-time midnight comes: %s', async (at, wait, seconds) => {
    const refusal = consumeDailyAllowance(
      t.app.db,
      `allowance-test:${at}`,
      0,
      '本日の上限に達しました',
      new Date(at),
    );
    await expect(refusal).rejects.toMatchObject({
      status: 429,
      message: `本日の上限に達しました。日本時間の0時（${wait}）から再びご利用いただけます`,
      retryAfterSeconds: seconds,
    });
  });
});
