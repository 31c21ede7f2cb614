import { Pencil, Plus, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import {
  editAnswerSchema,
  OWNER_QUESTION_MAX_CHARS,
  type FaqItem,
} from '../../../../shared/generations.ts';
import {
  BELOW_LENGTH_TEXT,
  saysShortOnce,
  shortAnswersSummary,
} from '../../../../shared/exports.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FigureFlag, FigureFlagSummary } from '../../../components/figure-flag.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import { formErrors } from '../../../lib/form-validation.ts';
import { errorMessage } from '../../../lib/show-error.ts';

export interface ResultsStageProps {
  /** Takes focus when the stage appears (see use-stage-focus). */
  headingRef?: Ref<HTMLHeadingElement>;
  items: FaqItem[];
  busy: boolean;
  message: string | null;
  /** The owner stopped the run (中止): the message says what was kept and charged. */
  cancelled?: boolean;
  regenerating: number | null;
  onToggle: (index: number) => void;
  onEditAnswer: (index: number, answer: string) => void;
  /** Saves a reworded question; resolves once the server kept it (rejects with its reason). */
  onEditQuestion?: (index: number, question: string) => Promise<unknown>;
  /** Leaving an answer field saves its edit at once. */
  onAnswerBlur?: (index: number) => void;
  /** Answers edited here that the server has not kept yet. */
  unsaved?: ReadonlySet<number>;
  onRegenerate: (index: number) => void;
  /** The owner checked the 要確認 figures of an answer: the flag is cleared on the server. */
  onClearFlag?: (index: number) => void;
  /** The answer whose flag is being cleared. */
  clearingFlag?: number | null;
  exportSlot: React.ReactNode;
  /** 「ページに答えがない、よくある質問」, below the FAQs it adds to. */
  unansweredSlot?: React.ReactNode;
  onNew: () => void;
}

export function ResultsStage({
  headingRef,
  items,
  busy,
  message,
  cancelled = false,
  regenerating,
  onToggle,
  onEditAnswer,
  onEditQuestion,
  onAnswerBlur,
  unsaved,
  onRegenerate,
  onClearFlag,
  clearingFlag = null,
  exportSlot,
  unansweredSlot,
  onNew,
}: ResultsStageProps) {
  const shortAnswers = items.filter((item) => item.belowLength && !item.failed).length;
  // The same note under most answers would be noise: said once above them instead.
  const shortSaidOnce = saysShortOnce(shortAnswers, items.length);
  return (
    <div className="space-y-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        作成したFAQ
      </h2>
      {message &&
        (cancelled ? (
          <p
            className="flex flex-wrap items-center gap-2 rounded-md bg-slate-100 p-3 text-sm text-slate-900"
            data-testid="results-message"
          >
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
              キャンセル
            </span>
            <span>{message}</span>
          </p>
        ) : (
          <p
            className="rounded-md bg-green-50 p-3 text-sm text-green-900"
            data-testid="results-message"
          >
            {message}
          </p>
        ))}
      <FigureFlagSummary items={items} />
      {shortSaidOnce && (
        <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          {shortAnswersSummary(shortAnswers)}
        </p>
      )}
      <ol className="space-y-3" aria-label="作成したFAQ">
        {items.map((item, index) => (
          <li
            // By position: a reworded question keeps its item (and the field being typed in).
            key={index}
            className="rounded-lg border border-slate-200 bg-white p-4"
          >
            <QuestionLine
              item={item}
              index={index}
              busy={busy}
              onToggle={onToggle}
              onEditQuestion={onEditQuestion}
            />
            {(item.edited || unsaved?.has(index)) && (
              <p className="mt-2 flex gap-2 text-xs">
                {item.edited && (
                  <span className="rounded-full bg-violet-100 px-2 py-0.5 font-medium text-violet-800">
                    編集済み
                  </span>
                )}
                {unsaved?.has(index) && (
                  <span className="text-slate-500" role="status">
                    保存中…
                  </span>
                )}
              </p>
            )}
            {item.expertAnswers && item.expertAnswers.length > 0 && (
              <div className="mt-3 space-y-2 rounded-md bg-slate-50 p-3 text-sm">
                <p className="font-semibold">専門家の意見</p>
                {item.expertAnswers.map((expert) => (
                  <p key={expert.expert}>
                    <span className="font-semibold">【{expert.expert}】</span>
                    {expert.answer}
                  </p>
                ))}
              </div>
            )}
            <div className="mt-3">
              {item.integratedAnswer && <p className="mb-1 text-sm font-semibold">統合回答</p>}
              {/* The box grows with its answer where the browser can (field-sizing); the
                  rows estimate is the fallback, so no answer hides behind a scroll bar. */}
              <textarea
                aria-label={`A${index + 1}`}
                aria-describedby={
                  item.belowLength && !item.failed && !shortSaidOnce
                    ? `below-length-${index}`
                    : undefined
                }
                className="w-full rounded-md border border-slate-200 p-2 text-sm leading-relaxed [field-sizing:content]"
                rows={Math.min(8, Math.max(3, Math.ceil(item.answer.length / 45)))}
                value={item.answer}
                onChange={(event) => onEditAnswer(index, event.target.value)}
                onBlur={() => onAnswerBlur?.(index)}
              />
              {item.belowLength && !item.failed && !shortSaidOnce && (
                <p id={`below-length-${index}`} className="text-xs text-slate-500">
                  {BELOW_LENGTH_TEXT}
                </p>
              )}
              {!item.failed && (
                <FigureFlag
                  item={item}
                  index={index}
                  onClear={onClearFlag}
                  clearing={clearingFlag === index}
                />
              )}
              {item.failed && (
                <p className="text-xs text-red-700">
                  この回答は作成できなかったため、クレジットは消費していません。
                </p>
              )}
              {/* The owner wrote it because the page had no answer: nothing to regenerate from. */}
              {item.answerSource !== 'owner' && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-1"
                  onClick={() => onRegenerate(index)}
                  disabled={busy || regenerating !== null}
                >
                  <RefreshCw
                    aria-hidden="true"
                    className={regenerating === index ? 'h-4 w-4 animate-spin' : 'h-4 w-4'}
                  />
                  この回答を再生成（1クレジット）
                </Button>
              )}
              {item.sourceUrl && (
                <p className="mt-1 break-all text-xs text-slate-500">出典: {item.sourceUrl}</p>
              )}
              {item.evidence && (
                <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 text-xs text-slate-600">
                  根拠: {item.evidence}
                </blockquote>
              )}
            </div>
          </li>
        ))}
      </ol>
      {unansweredSlot}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={onNew} disabled={busy}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          新規作成
        </Button>
        <div className="sm:ml-auto">{exportSlot}</div>
      </div>
    </div>
  );
}

/** The approval box and the question, which the owner may reword (saved at once on 保存). */
function QuestionLine({
  item,
  index,
  busy,
  onToggle,
  onEditQuestion,
}: {
  item: FaqItem;
  index: number;
  busy: boolean;
  onToggle: (index: number) => void;
  onEditQuestion?: (index: number, question: string) => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const reopen = useRef(false);
  // Back from the form, the keyboard returns to the button that opened it.
  useEffect(() => {
    if (!editing && reopen.current) {
      reopen.current = false;
      opener.current?.focus();
    }
  }, [editing]);
  const close = () => {
    reopen.current = true;
    setEditing(false);
  };
  return (
    <>
      <div className="flex items-start gap-2">
        <label className="flex flex-1 cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-4 w-4 shrink-0"
            checked={item.approved}
            onChange={() => onToggle(index)}
            disabled={busy}
            aria-label={`Q${index + 1}を承認`}
          />
          <span className="font-semibold break-words">
            Q{index + 1}. {item.question}
          </span>
        </label>
        {onEditQuestion && !editing && (
          <Button
            ref={opener}
            variant="ghost"
            size="sm"
            className="shrink-0"
            onClick={() => setEditing(true)}
            disabled={busy}
            aria-label={`Q${index + 1}の質問を編集`}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {/* On a phone the pencil alone leaves the question its width (the name stays). */}
            <span className="hidden sm:inline">質問を編集</span>
          </Button>
        )}
      </div>
      {editing && onEditQuestion && (
        <QuestionForm
          index={index}
          question={item.question}
          onCancel={close}
          onSave={async (question) => {
            await onEditQuestion(index, question);
            close();
          }}
        />
      )}
    </>
  );
}

function QuestionForm({
  index,
  question,
  onSave,
  onCancel,
}: {
  index: number;
  question: string;
  onSave: (question: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(question);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // The field the owner just asked for takes the keyboard (the button that opened it is gone).
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  return (
    <form
      className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3"
      aria-label={`Q${index + 1}の質問の編集`}
      onSubmit={(event) => {
        event.preventDefault();
        const invalid = formErrors(editAnswerSchema, { question: value }).question;
        if (invalid) return setProblem(invalid);
        setProblem(null);
        setSaving(true);
        onSave(value.trim())
          .catch((error: unknown) => setProblem(errorMessage(error, '質問を保存できませんでした')))
          .finally(() => setSaving(false));
      }}
    >
      <Label htmlFor={`${id}-question`}>Q{index + 1}の質問</Label>
      <Input
        id={`${id}-question`}
        value={value}
        maxLength={OWNER_QUESTION_MAX_CHARS}
        ref={field}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          保存
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          キャンセル
        </Button>
      </div>
    </form>
  );
}
