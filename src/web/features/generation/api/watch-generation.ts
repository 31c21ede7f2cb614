// Japanese validation messages wherever the browser parses with zod.
import '../../../../shared/zod-ja.ts';
import type { Generation } from '../../../../shared/generations.ts';
import { realtime } from '../../../lib/platform/realtime.ts';
import { readSseData } from '../../../lib/sse.ts';
import { getGeneration } from './generation-api.ts';

const FINAL_STAGES = new Set(['questions_ready', 'completed', 'failed']);
/** A safety net while following by realtime: a missed push costs at most this long. */
const REALTIME_SAFETY_POLL_MS = 5000;

/**
 * Follows a generation on its realtime channel: each pushed progress reloads the record.
 * Resolves with the final record, or null when the channel cannot be joined (the caller then
 * falls back to the event stream).
 */
async function followByRealtime(
  id: string,
  onUpdate: (generation: Generation) => void,
  signal: AbortSignal,
): Promise<Generation | null> {
  let finish: (generation: Generation) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const done = new Promise<Generation>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  let loading = false;
  let again = false;
  const refresh = async () => {
    if (loading) return void (again = true);
    loading = true;
    try {
      do {
        again = false;
        const latest = await getGeneration(id);
        onUpdate(latest);
        if (FINAL_STAGES.has(latest.stage)) finish(latest);
      } while (again);
    } catch (error) {
      fail(error);
    } finally {
      loading = false;
    }
  };
  let unsubscribe: () => void;
  try {
    unsubscribe = await realtime().subscribe(`generation:${id}`, () => void refresh());
  } catch {
    return null;
  }
  const poll = setInterval(() => void refresh(), REALTIME_SAFETY_POLL_MS);
  const abort = () => fail(new DOMException('aborted', 'AbortError'));
  signal.addEventListener('abort', abort, { once: true });
  try {
    // Subscribed first, then read: a change in between is not missed.
    void refresh();
    return await done;
  } finally {
    clearInterval(poll);
    signal.removeEventListener('abort', abort);
    unsubscribe();
  }
}

/**
 * Follows a generation until its phase ends, calling `onUpdate` with each pushed state.
 * Realtime first; without it, progress arrives as server-sent events read with fetch (EventSource cannot send the bearer
 * token); if the stream breaks, it falls back to polling so the user still sees the result.
 */
export async function watchGeneration(
  id: string,
  getToken: () => Promise<string | null>,
  onUpdate: (generation: Generation) => void,
  signal: AbortSignal,
): Promise<Generation> {
  const followed = await followByRealtime(id, onUpdate, signal);
  if (followed) return followed;
  let latest: Generation | null = null;
  try {
    const token = await getToken();
    const response = await fetch(`/api/generations/${encodeURIComponent(id)}/events`, {
      headers: {
        accept: 'text/event-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      signal,
    });
    if (response.ok) {
      for await (const data of readSseData(response)) {
        latest = JSON.parse(data) as Generation;
        onUpdate(latest);
      }
    }
  } catch (error) {
    if (signal.aborted) throw error;
  }
  while (!latest || !FINAL_STAGES.has(latest.stage)) {
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    latest = await getGeneration(id);
    onUpdate(latest);
    if (FINAL_STAGES.has(latest.stage)) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return latest;
}
