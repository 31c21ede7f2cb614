import { CircleCheck, Loader2, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  answerUnansweredSchema,
  type UnansweredAdded,
  type UnansweredIntent,
} from '../../../../shared/generations.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formErrors } from '../../../lib/form-validation.ts';
import { showError } from '../../../lib/show-error.ts';
import { answerUnanswered } from '../api/generation-api.ts';

export const UNANSWERED_HEADING = 'ページに答えがない、よくある質問';

export interface UnansweredIntentsProps {
  generationId: string;
  intents: UnansweredIntent[];
  /** The server kept the owner's answer as a new FAQ of the record. */
  onAdded: (added: UnansweredAdded) => void;
  /** h2 under the results screen's h1; h3 inside the history dialog, whose title is the h2. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * 「ページに答えがない、よくある質問」: what customers commonly ask that the page did not
 * answer. The owner types the answer and adds it as an FAQ; nothing is generated, so it is free.
 * An answered question stays listed as added, so the list shows what is still missing.
 */
export function UnansweredIntents({
  generationId,
  intents,
  onAdded,
  headingLevel: Heading = 'h2',
}: UnansweredIntentsProps) {
  const headingId = useId();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState<string | null>(null);
  if (intents.length === 0) return null;

  async function add(intent: UnansweredIntent) {
    const body = { answer: answers[intent.id] ?? '' };
    const error = formErrors(answerUnansweredSchema, body).answer;
    setErrors((current) => ({ ...current, [intent.id]: error ?? '' }));
    if (error) return;
    setAdding(intent.id);
    try {
      const added = await answerUnanswered(generationId, intent.id, body);
      onAdded(added);
      setAnswers((current) => ({ ...current, [intent.id]: '' }));
      toast.success('FAQに追加しました（クレジットは消費していません）');
    } catch (failure) {
      showError(failure, 'FAQに追加できませんでした');
    } finally {
      setAdding(null);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4"
    >
      <div className="space-y-1">
        <Heading id={headingId} className="text-lg font-semibold">
          {UNANSWERED_HEADING}
        </Heading>
        <p className="text-sm text-slate-700">
          お客様からよく聞かれる質問ですが、ページには答えが見つかりませんでした。回答を入力すると、FAQに追加できます（無料・クレジットは消費しません）。
        </p>
      </div>
      <ul className="space-y-3">
        {intents.map((intent) => {
          const answered = intent.answeredItemIndex !== undefined;
          const fieldId = `${headingId}-${intent.id}`;
          const error = errors[intent.id];
          return (
            <li key={intent.id} className="rounded-md border border-slate-200 bg-white p-3">
              {answered ? (
                <p className="font-semibold">{intent.question}</p>
              ) : (
                <label htmlFor={fieldId} className="block font-semibold">
                  {intent.question}
                </label>
              )}
              {answered ? (
                <p className="mt-2 flex items-center gap-1 text-sm text-green-800">
                  <CircleCheck aria-hidden="true" className="h-4 w-4" />
                  FAQに追加済み（Q{intent.answeredItemIndex! + 1}）
                </p>
              ) : (
                <div className="mt-2 space-y-2">
                  <textarea
                    id={fieldId}
                    className="w-full rounded-md border border-slate-200 p-2 text-sm leading-relaxed [field-sizing:content]"
                    rows={3}
                    placeholder="回答を入力してください"
                    value={answers[intent.id] ?? ''}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${fieldId}-error` : undefined}
                    onChange={(event) =>
                      setAnswers((current) => ({ ...current, [intent.id]: event.target.value }))
                    }
                    disabled={adding === intent.id}
                  />
                  {error && (
                    <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
                      {error}
                    </p>
                  )}
                  <div className="flex justify-end">
                    <Button
                      size="sm"
                      onClick={() => void add(intent)}
                      disabled={adding !== null}
                      aria-label={`「${intent.question}」をFAQに追加`}
                    >
                      {adding === intent.id ? (
                        <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
                      ) : (
                        <Plus aria-hidden="true" className="h-4 w-4" />
                      )}
                      FAQに追加
                    </Button>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
