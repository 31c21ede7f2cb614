import { ArrowLeft, RefreshCw } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { Generation } from '../../../../shared/generations.ts';
import type { ProposedQuestion } from '../hooks/use-generation-flow.ts';
import { CrawlReport } from './crawl-report.tsx';
import { CreditShortfall } from './credit-shortfall.tsx';

export interface QuestionsStageProps {
  /** Takes focus when the stage appears (see use-stage-focus). */
  headingRef?: Ref<HTMLHeadingElement>;
  questions: ProposedQuestion[];
  crawlReport?: Generation['crawlReport'];
  busy: boolean;
  balance: number;
  /** The server refused the last answer run for lack of credits. */
  insufficientCredits?: boolean;
  /** Shown in the shortfall box to a user whose address is not confirmed yet. */
  confirmPrompt?: ReactNode;
  /** What the server said of the questions: how many, and why fewer than asked. */
  notice?: string | null;
  /** Why answers cannot be made with the active engine (the category checklist offline). */
  answersUnavailable?: string | null;
  onToggle: (index: number) => void;
  onSetAll: (approved: boolean) => void;
  onRegenerate: () => void;
  onBack: () => void;
  onAnswer: () => void;
}

export function QuestionsStage({
  headingRef,
  questions,
  crawlReport = null,
  busy,
  balance,
  insufficientCredits = false,
  confirmPrompt = null,
  notice = null,
  answersUnavailable = null,
  onToggle,
  onSetAll,
  onRegenerate,
  onBack,
  onAnswer,
}: QuestionsStageProps) {
  const approved = questions.filter((question) => question.approved).length;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          質問を選んでください
        </h2>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => onSetAll(true)} disabled={busy}>
            すべて選択
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onSetAll(false)} disabled={busy}>
            選択を解除
          </Button>
        </div>
      </div>
      {notice && (
        <p role="status" className="rounded-md bg-slate-100 p-3 text-sm text-slate-800">
          {notice}
        </p>
      )}
      <CrawlReport report={crawlReport} />
      <ul className="space-y-2" aria-label="生成された質問">
        {questions.map((item, index) => (
          <li
            key={`${index}-${item.question}`}
            className="rounded-lg border border-slate-200 bg-white p-3"
          >
            <label className="flex cursor-pointer items-start gap-3">
              <input
                type="checkbox"
                className="mt-1 h-4 w-4 shrink-0"
                checked={item.approved}
                onChange={() => onToggle(index)}
                disabled={busy}
              />
              <span>
                <span className="font-medium">
                  Q{index + 1}. {item.question}
                </span>
                {item.sourceUrl && (
                  <span className="mt-1 block break-all text-xs text-slate-500">
                    出典: {item.sourceUrl}
                  </span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">
        {approved}件を選択中 ／ 回答の作成に{approved}クレジットを使用します（残高{' '}
        {formatNumber(balance)}）。回答を作成できなかった質問の分は消費しません。
      </p>
      {(approved > balance || insufficientCredits) && (
        <CreditShortfall
          needed={approved}
          balance={balance}
          refused={insufficientCredits}
          confirmPrompt={confirmPrompt}
        />
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          戻る
        </Button>
        <Button variant="outline" onClick={onRegenerate} disabled={busy}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          再生成
        </Button>
        {answersUnavailable ? (
          <p className="text-sm text-slate-700 sm:ml-auto sm:max-w-sm">{answersUnavailable}</p>
        ) : (
          <Button className="sm:ml-auto" onClick={onAnswer} disabled={busy || approved === 0}>
            選択した質問の回答を作成（{approved}件）
          </Button>
        )}
      </div>
    </div>
  );
}
