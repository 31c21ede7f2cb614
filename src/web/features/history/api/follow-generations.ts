import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { generationProgressSchema } from '../../../../shared/generations.ts';
import { realtime } from '../../../lib/platform/realtime.ts';
import { generationsQueryKey } from './get-generations.ts';

/** Stages where a job's phase ends: the list then shows its new status and credits. */
const PHASE_ENDS = new Set(['questions_ready', 'completed', 'failed']);
/** Only the stage matters here: the list reads the records themselves. */
const stageSchema = generationProgressSchema.pick({ stage: true });

/**
 * Follows the user's generations on their own realtime channel: when one of them ends a phase,
 * the history (list and open detail) is read again. Without realtime the list's slow poll
 * while a job runs still brings the result.
 */
export function useFollowGenerations(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void realtime()
      .subscribe(`user:${userId}`, (message) => {
        if (message.event !== 'generation') return;
        const change = stageSchema.safeParse(message.payload);
        if (change.success && PHASE_ENDS.has(change.data.stage))
          void queryClient.invalidateQueries({ queryKey: generationsQueryKey });
      })
      .then((unsubscribe) => {
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, userId]);
}
