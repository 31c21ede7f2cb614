import { afterAll, beforeEach, vi } from 'vitest';

/**
 * The rate limiter counts in fixed windows aligned to the clock (src/server/lib/rate-limiter.ts):
 * a burst of requests that straddles a window's end is split across two counts and is not
 * refused. Tests that expect the (limit+1)th request to be refused start well inside a window.
 *
 * Near a window's end the tests used to sleep into the next one (up to `marginSeconds`, 90 s of
 * a file's run). Instead the JavaScript clock (`Date`, which the limiter reads) jumps there and
 * keeps running at real speed; it stays ahead until the file's tests end, so within a file time
 * only moves forward, as it did with sleeping. Timers and the database's clock are untouched.
 */
export function keepInsideRateLimitWindows(windowSeconds = 600, marginSeconds = 45): void {
  beforeEach(() => {
    const windowMs = windowSeconds * 1000;
    const now = Date.now();
    const left = windowMs - (now % windowMs);
    if (left >= marginSeconds * 1000) return;
    const inNextWindow = now + left + 100;
    if (vi.isFakeTimers()) vi.setSystemTime(inNextWindow);
    else vi.useFakeTimers({ toFake: ['Date'], now: inNextWindow, shouldAdvanceTime: true });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}
