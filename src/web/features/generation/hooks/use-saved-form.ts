import { useEffect, useState } from 'react';
import { z } from 'zod';
import { DEFAULT_FAQ_COUNT, MAX_RESPONDERS } from '../../../../shared/limits.ts';

/**
 * What the user typed on /generate, kept in sessionStorage so an error, 戻る or a reload never
 * loses it; 新規作成 clears it on purpose. sessionStorage (not localStorage) because the
 * pasted text can be confidential and should not outlive the tab; keyed per user so another
 * account signed in on the same tab starts empty.
 */
const savedFormSchema = z.object({
  tab: z.enum(['url', 'category']).catch('url'),
  title: z.string().catch(''),
  url: z.string().catch(''),
  textInput: z.string().catch(''),
  faqCount: z.number().int().positive().catch(DEFAULT_FAQ_COUNT),
  includeSubpages: z.boolean().catch(false),
  categoryName: z.string().catch(''),
  major: z.string().catch(''),
  medium: z.string().catch(''),
  minor: z.string().catch(''),
  responders: z.array(z.string()).min(1).max(MAX_RESPONDERS).catch(['']),
  answerLength: z.enum(['short', 'medium', 'long']).catch('medium'),
});
export type SavedForm = z.infer<typeof savedFormSchema>;

export const EMPTY_FORM: SavedForm = savedFormSchema.parse({});

export function savedFormKey(userId: string): string {
  return `faq-kobo.generate-form:${userId}`;
}

function read(key: string | undefined): SavedForm {
  if (!key) return EMPTY_FORM;
  try {
    const text = sessionStorage.getItem(key);
    return text ? savedFormSchema.parse(JSON.parse(text)) : EMPTY_FORM;
  } catch {
    return EMPTY_FORM;
  }
}

export function clearSavedForm(key: string | undefined): void {
  if (!key) return;
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode, quota); the form then simply is not kept.
  }
}

/** The form's values and a setter; without a key the form works but is not kept. */
export function useSavedForm(key: string | undefined) {
  const [values, setValues] = useState<SavedForm>(() => read(key));
  useEffect(() => {
    if (!key) return;
    try {
      if (JSON.stringify(values) === JSON.stringify(EMPTY_FORM)) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, JSON.stringify(values));
    } catch {
      // See clearSavedForm.
    }
  }, [key, values]);
  return {
    values,
    update: (patch: Partial<SavedForm> | ((current: SavedForm) => Partial<SavedForm>)) =>
      setValues((current) => ({
        ...current,
        ...(typeof patch === 'function' ? patch(current) : patch),
      })),
  };
}
