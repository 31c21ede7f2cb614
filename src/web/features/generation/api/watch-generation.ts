// Japanese validation messages wherever the browser parses with zod.
import '../../../../shared/zod-ja.ts';
import {
  generationProgressSchema,
  type Generation,
  type GenerationProgress,
} from '../../../../shared/generations.ts';
import { realtime } from '../../../lib/platform/realtime.ts';
import { getGeneration } from './generation-api.ts';

/** Where a phase ends: the record is read once more then, for its questions or items. */
export const FINAL_STAGES: ReadonlySet<string> = new Set([
  'questions_ready',
  'completed',
  'failed',
]);

/**
 * The one fallback: realtime may miss a push or be unavailable altogether, and the record is
 * read this often until the phase ends (never more than one such timer per followed record).
 */
export const GENERATION_POLL_MS = 5000;

export type { GenerationProgress };

/** A push that does not match the contract is ignored: the poll still brings the record. */
function readProgress(payload: unknown): GenerationProgress | null {
  const parsed = generationProgressSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/**
 * Follows a generation until its phase ends. Each realtime push is shown as it is (stage,
 * percent and text) without reading the record; the record is read at the start, every
 * GENERATION_POLL_MS, and once when a push says the phase ended. Resolves with the final record.
 */
export async function watchGeneration(
  id: string,
  onProgress: (progress: GenerationProgress) => void,
  signal: AbortSignal,
): Promise<Generation> {
  if (signal.aborted) throw new DOMException('aborted', 'AbortError');
  let finish: (generation: Generation) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const done = new Promise<Generation>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  let settled = false;
  let reading = false;
  let again = false;
  const read = async (): Promise<void> => {
    if (settled) return;
    // A read already under way may have started before the change that asked for this one.
    if (reading) return void (again = true);
    reading = true;
    try {
      const latest = await getGeneration(id);
      if (settled) return;
      onProgress(latest);
      if (FINAL_STAGES.has(latest.stage)) {
        settled = true;
        finish(latest);
      }
    } catch (error) {
      settled = true;
      fail(error);
    } finally {
      reading = false;
    }
    if (again) {
      again = false;
      await read();
    }
  };
  let unsubscribe: () => void = () => undefined;
  try {
    unsubscribe = await realtime().subscribe(`generation:${id}`, (message) => {
      const progress = message.event === 'progress' ? readProgress(message.payload) : null;
      if (!progress || settled) return;
      if (FINAL_STAGES.has(progress.stage)) void read();
      else onProgress(progress);
    });
  } catch {
    // Without realtime the poll below is how the page learns about progress.
  }
  const poll = setInterval(() => void read(), GENERATION_POLL_MS);
  const abort = () => {
    settled = true;
    fail(new DOMException('aborted', 'AbortError'));
  };
  signal.addEventListener('abort', abort, { once: true });
  try {
    // Subscribed first, then read: a change in between is not missed.
    void read();
    return await done;
  } finally {
    clearInterval(poll);
    signal.removeEventListener('abort', abort);
    unsubscribe();
  }
}
