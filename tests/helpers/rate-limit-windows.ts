/**
 * The rate limiter counts in fixed windows aligned to the clock (src/server/lib/rate-limiter.ts):
 * a burst of requests that straddles a window's end is split across two counts and is not
 * refused. Tests that expect the (limit+1)th request to be refused start well inside a window.
 */
export async function startInsideRateLimitWindow(
  windowSeconds = 600,
  marginSeconds = 45,
): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
