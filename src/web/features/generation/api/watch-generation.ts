import type { Generation } from '../../../../shared/generations.ts';
import { getGeneration } from './generation-api.ts';

const FINAL_STAGES = new Set(['questions_ready', 'completed', 'failed']);

/**
 * Follows a generation until its phase ends, calling `onUpdate` with each pushed state.
 * Progress arrives as server-sent events read with fetch (EventSource cannot send the bearer
 * token); if the stream breaks, it falls back to polling so the user still sees the result.
 */
export async function watchGeneration(
  id: string,
  getToken: () => Promise<string | null>,
  onUpdate: (generation: Generation) => void,
  signal: AbortSignal,
): Promise<Generation> {
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
    if (response.ok && response.body) {
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) {
            latest = JSON.parse(data) as Generation;
            onUpdate(latest);
          }
          boundary = buffer.indexOf('\n\n');
        }
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
