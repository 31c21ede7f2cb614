import { useCallback, useEffect, useRef, useState } from 'react';
import type { FaqItem } from '../../../../shared/generations.ts';
import { saveAnswer } from '../api/generation-api.ts';
import { showError } from '../../../lib/show-error.ts';

/** Typing pauses this long before an edited answer is saved; leaving the field saves at once. */
export const ANSWER_SAVE_DELAY_MS = 800;

export const UNSAVED_EDITS_CONFIRMATION =
  '保存されていない編集があります。このページを離れますか？';

interface Pending {
  text: string;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * Saves edited answers of a finished generation (PATCH …/items/{index}). An index stays
 * "unsaved" from the first keystroke until the server kept its latest text, so leaving the
 * page can ask first; a failed save stays unsaved and is tried again on the next edit or blur.
 */
export function useAnswerEdits(
  generationId: string | null,
  onSaved: (index: number, item: FaqItem) => void,
) {
  const pending = useRef(new Map<number, Pending>());
  // Bumped when an answer is replaced, so a save already under way for it is ignored.
  const forgotten = useRef(new Map<number, number>());
  const [unsaved, setUnsaved] = useState<ReadonlySet<number>>(() => new Set());
  const latest = useRef({ generationId, onSaved });
  useEffect(() => {
    latest.current = { generationId, onSaved };
  }, [generationId, onSaved]);

  const markClean = (index: number) =>
    setUnsaved((current) => {
      if (!current.has(index)) return current;
      const next = new Set(current);
      next.delete(index);
      return next;
    });

  const save = useCallback(async (index: number) => {
    const entry = pending.current.get(index);
    const id = latest.current.generationId;
    if (!entry || !id) return;
    if (entry.timer) clearTimeout(entry.timer);
    pending.current.delete(index);
    const version = forgotten.current.get(index) ?? 0;
    const stillWanted = () => (forgotten.current.get(index) ?? 0) === version;
    try {
      const item = await saveAnswer(id, index, entry.text);
      if (!stillWanted()) return;
      latest.current.onSaved(index, item);
      if (!pending.current.has(index)) markClean(index);
    } catch (error) {
      if (!stillWanted()) return;
      // Kept for the next try; newer typing in the meantime wins.
      if (!pending.current.has(index))
        pending.current.set(index, { text: entry.text, timer: null });
      showError(error, '回答を保存できませんでした');
    }
  }, []);

  const schedule = useCallback(
    (index: number, text: string) => {
      const previous = pending.current.get(index);
      if (previous?.timer) clearTimeout(previous.timer);
      pending.current.set(index, {
        text,
        timer: setTimeout(() => void save(index), ANSWER_SAVE_DELAY_MS),
      });
      setUnsaved((current) => (current.has(index) ? current : new Set(current).add(index)));
    },
    [save],
  );

  /** An answer replaced by the server (regenerated): its pending edit no longer applies. */
  const forget = useCallback((index: number) => {
    const entry = pending.current.get(index);
    if (entry?.timer) clearTimeout(entry.timer);
    pending.current.delete(index);
    forgotten.current.set(index, (forgotten.current.get(index) ?? 0) + 1);
    markClean(index);
  }, []);

  const discard = useCallback(() => {
    for (const entry of pending.current.values()) if (entry.timer) clearTimeout(entry.timer);
    pending.current.clear();
    setUnsaved(new Set());
  }, []);

  // Leaving for good (after the user agreed) drops what was not saved.
  useEffect(() => discard, [discard]);

  return {
    schedule,
    /** Saves now (on blur). */
    flush: (index: number) => void save(index),
    forget,
    discard,
    unsaved,
    hasUnsaved: unsaved.size > 0,
  };
}
