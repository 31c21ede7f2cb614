import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useBlocker, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { AiSettings } from '../../shared/ai.ts';
import { stillUnanswered } from '../../shared/generations.ts';
import { confirmDialog } from '../components/ui/alert-dialog.tsx';
import { buttonVariants } from '../components/ui/button.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { paths } from '../config/paths.ts';
import { ConfirmForCredits } from '../features/auth/components/confirm-for-credits.tsx';
import { ExportMenu } from '../features/export/components/export-menu.tsx';
import { PublishDialog } from '../features/publishing/components/publish-dialog.tsx';
import {
  clearFigureFlag,
  regenerateAnswer,
  saveApproval,
  saveQuestion,
  useProviders,
  useRunningGenerations,
} from '../features/generation/api/generation-api.ts';
import { AiSettingsPanel } from '../features/generation/components/ai-settings-panel.tsx';
import { InputStage } from '../features/generation/components/input-stage.tsx';
import { ProgressAlert } from '../features/generation/components/progress-alert.tsx';
import { QuestionsStage } from '../features/generation/components/questions-stage.tsx';
import { ResultsStage } from '../features/generation/components/results-stage.tsx';
import { RunningJobs } from '../features/generation/components/running-jobs.tsx';
import { UnansweredIntents } from '../features/generation/components/unanswered-intents.tsx';
import {
  UNSAVED_EDITS_CONFIRMATION,
  useAnswerEdits,
} from '../features/generation/hooks/use-answer-edits.ts';
import { useGenerationFlow } from '../features/generation/hooks/use-generation-flow.ts';
import { useStageFocus } from '../features/generation/hooks/use-stage-focus.ts';
import { clearSavedForm, savedFormKey } from '../features/generation/hooks/use-saved-form.ts';
import { meQueryKey, useSession } from '../lib/auth/session.tsx';
import { formatNumber } from '../lib/format.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { showError } from '../lib/show-error.ts';

export function GenerateRoute() {
  useDocumentTitle('FAQ生成');
  const session = useSession();
  const queryClient = useQueryClient();
  const providers = useProviders();
  const [aiOverride, setAiOverride] = useState<AiSettings | null>(null);
  const [regenerating, setRegenerating] = useState<number | null>(null);
  const [clearingFlag, setClearingFlag] = useState<number | null>(null);
  const flow = useGenerationFlow({
    onBalanceChanged: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
  const { state, resume } = flow;
  const edits = useAnswerEdits(state.generation?.id ?? null, (index, item) => {
    flow.markSaved(index, item);
    // The history (list, detail and its export) would otherwise show the old answer for as
    // long as its cached read stays fresh: edit later, then export again from there.
    void queryClient.invalidateQueries({ queryKey: queryKeys.generations });
  });
  const [searchParams, setSearchParams] = useSearchParams();
  const draftId = searchParams.get('draft');
  // A record is a place: /generate?draft={id} opens it where it stands (続きから in the history,
  // a reload, back, a new tab): running with its live progress, its questions, or its FAQ.
  const resumed = useRef<string | null>(null);
  useEffect(() => {
    if (!draftId || resumed.current === draftId) return;
    resumed.current = draftId;
    void resume(draftId);
  }, [draftId, resume]);
  // The record this page works on goes into the address as soon as it exists (replacing the
  // entry, so back leaves the page as before), and leaves it when the page lets the record go.
  const shownId = useRef<string | null>(null);
  useEffect(() => {
    const id = state.generationId;
    if (id === shownId.current) return;
    const previous = shownId.current;
    shownId.current = id;
    if (id && id !== draftId) {
      resumed.current = id;
      setSearchParams({ draft: id }, { replace: true });
    } else if (!id && previous && draftId === previous) {
      setSearchParams({}, { replace: true });
    }
  }, [state.generationId, draftId, setSearchParams]);
  const running = useRunningGenerations();
  // The form stays on screen while its questions are made; the other stages give way to the
  // progress while a phase runs, and take focus again when they come back. A record opened
  // from the address is not shown until it is read (the form behind it is not a stage).
  const stageHeading = useStageFocus(
    draftId && state.generationId !== draftId
      ? null
      : state.stage === 'input'
        ? 'input'
        : state.busy
          ? null
          : state.stage,
  );

  // Edits not yet saved: leaving asks first, inside the app and when the tab closes.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      edits.hasUnsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDialog(UNSAVED_EDITS_CONFIRMATION, { confirmLabel: '移動する' }).then((leave) =>
      leave ? blocker.proceed() : blocker.reset(),
    );
  }, [blocker]);
  useEffect(() => {
    if (!edits.hasUnsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [edits.hasUnsaved]);
  const balance = session.user?.credits ?? 0;
  // The sign-up credits wait for the address: that is the first thing to offer, before buying.
  const unconfirmedEmail =
    session.user && session.user.emailConfirmed === false ? session.user.email : null;
  const formKey = session.user ? savedFormKey(session.user.id) : undefined;
  // Credits bought or earned in another tab (the shortfall links open one) show on return.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: meQueryKey });
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [queryClient]);
  // The saved choice is the default until the user changes it here (remembered per user).
  const ai: AiSettings = aiOverride ?? {
    provider: (providers.data?.selected as AiSettings['provider'] | undefined) ?? 'auto',
    customInstructions: providers.data?.customInstructions ?? '',
  };

  const offlineEngine =
    ai.provider === 'auto' &&
    Boolean(providers.data?.providers.find((provider) => provider.id === 'auto')?.offline);

  async function regenerate(index: number) {
    const generation = state.generation;
    if (!generation) return;
    setRegenerating(index);
    try {
      const { unchanged, regenerationFailed, ...item } = await regenerateAnswer(
        generation.id,
        index,
      );
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      if (regenerationFailed || item.failed)
        toast.error('回答の生成に失敗しました（クレジットは消費していません）');
      else if (unchanged)
        toast.info('内容から作成できる回答は同じでした（クレジットは消費していません）');
      else {
        edits.forget(index);
        flow.replaceResult(index, item);
        toast.success('回答を再生成しました');
      }
    } catch (error) {
      showError(error, '回答の生成に失敗しました');
    } finally {
      setRegenerating(null);
    }
  }

  // The owner checked the marked figures: the server clears 要確認 and says what it named.
  async function clearFlag(index: number) {
    const generation = state.generation;
    if (!generation) return;
    setClearingFlag(index);
    try {
      const item = await clearFigureFlag(generation.id, index);
      flow.markSaved(index, item);
      void queryClient.invalidateQueries({ queryKey: queryKeys.generations });
      toast.success('確認済みにしました');
    } catch (error) {
      showError(error, '確認済みにできませんでした');
    } finally {
      setClearingFlag(null);
    }
  }

  // 承認 is saved at once; a refused save puts the box back as the server has it.
  async function setApproval(index: number) {
    const generation = state.generation;
    const item = state.results[index];
    if (!generation || !item) return;
    const approved = !item.approved;
    flow.setApproved(index, approved);
    try {
      await saveApproval(generation.id, index, approved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.generations });
    } catch (error) {
      flow.setApproved(index, !approved);
      showError(error, '承認を保存できませんでした');
    }
  }

  async function startOver() {
    if (edits.hasUnsaved && !(await confirmDialog(UNSAVED_EDITS_CONFIRMATION))) return;
    edits.discard();
    // 新規作成 starts from an empty form on purpose; 戻る and errors keep it.
    clearSavedForm(formKey);
    if (draftId) setSearchParams({}, { replace: true });
    flow.reset();
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Card>
        <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p>
            クレジット残高{' '}
            <strong className="text-xl" data-testid="generate-balance">
              {formatNumber(balance)}
            </strong>
          </p>
          {unconfirmedEmail && <ConfirmForCredits email={unconfirmedEmail} compact />}
          <div className="flex gap-2">
            <Link
              to={paths.referrals}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              無料でクレジットを獲得
            </Link>
            <Link to={paths.pricing} className={buttonVariants({ size: 'sm' })}>
              アップグレード
            </Link>
          </div>
        </CardContent>
      </Card>

      <h1
        ref={state.stage === 'input' ? stageHeading : undefined}
        tabIndex={-1}
        className="text-2xl font-bold focus:outline-none"
      >
        FAQ生成
      </h1>
      <ol className="flex gap-2 text-sm" aria-label="ステップ">
        {(['input', 'questions', 'results'] as const).map((stage, index) => (
          <li
            key={stage}
            aria-current={state.stage === stage ? 'step' : undefined}
            className={state.stage === stage ? 'font-semibold text-blue-700' : 'text-slate-500'}
          >
            {index + 1}. {['入力', '質問の選択', '結果'][index]}
          </li>
        ))}
      </ol>

      {state.busy && state.progress && (
        <ProgressAlert
          percent={state.progress.percent}
          message={state.progress.message}
          cancelling={state.cancelling}
          onCancel={
            state.generationId &&
            (state.runningStage === 'fetching' || state.runningStage === 'answering')
              ? () => void flow.cancel()
              : undefined
          }
        />
      )}

      {state.stage === 'input' && (
        <>
          {!state.busy && (
            <RunningJobs
              jobs={running.data?.generations ?? []}
              hrefOf={(id) => `${paths.generate}?draft=${encodeURIComponent(id)}`}
            />
          )}
          <AiSettingsPanel
            providers={providers.data?.providers ?? []}
            value={ai}
            onChange={setAiOverride}
          />
          <InputStage
            busy={state.busy}
            ai={ai}
            storageKey={formKey}
            offlineEngine={offlineEngine}
            onSubmit={(request) => void flow.generateQuestions(request)}
          />
        </>
      )}
      {state.stage === 'questions' && !state.busy && (
        <QuestionsStage
          headingRef={stageHeading}
          questions={state.questions}
          crawlReport={state.generation?.crawlReport ?? null}
          busy={state.busy}
          balance={balance}
          insufficientCredits={state.insufficientCredits}
          confirmPrompt={unconfirmedEmail ? <ConfirmForCredits email={unconfirmedEmail} /> : null}
          notice={state.generation?.message ?? null}
          answersUnavailable={
            state.generation?.method === 'category' && state.generation.engine === 'offline'
              ? 'オフライン簡易エンジンでは専門家の回答を作成できません。AIプロバイダーが設定されると、これらの質問に回答を作成できます。'
              : null
          }
          onToggle={flow.toggleQuestion}
          onSetAll={flow.setAllQuestions}
          onRegenerate={flow.regenerate}
          onBack={() => {
            if (draftId) setSearchParams({}, { replace: true });
            flow.reset();
          }}
          onAnswer={() => void flow.generateAnswers()}
        />
      )}
      {state.stage === 'results' && !state.busy && (
        <ResultsStage
          headingRef={stageHeading}
          items={state.results}
          busy={state.busy}
          message={state.generation?.message ?? null}
          cancelled={state.generation?.status === 'cancelled'}
          regenerating={regenerating}
          onToggle={(index) => void setApproval(index)}
          onEditAnswer={(index, answer) => {
            flow.editAnswer(index, answer);
            edits.schedule(index, answer);
          }}
          onEditQuestion={async (index, question) => {
            const id = state.generation?.id;
            if (!id) return;
            const saved = await saveQuestion(id, index, question);
            flow.setQuestion(index, saved.question);
            void queryClient.invalidateQueries({ queryKey: queryKeys.generations });
            toast.success('質問を保存しました');
          }}
          onAnswerBlur={edits.flush}
          unsaved={edits.unsaved}
          onRegenerate={(index) => void regenerate(index)}
          onClearFlag={(index) => void clearFlag(index)}
          clearingFlag={clearingFlag}
          exportSlot={
            <div className="flex flex-wrap gap-2">
              <ExportMenu
                title={state.generation?.title ?? 'FAQリスト'}
                items={state.results.filter((item) => item.approved)}
                unanswered={stillUnanswered(state.generation?.unansweredIntents)}
              />
              {state.generation?.stage === 'completed' && (
                <PublishDialog
                  generationId={state.generation.id}
                  title={state.generation.title}
                  items={state.results}
                />
              )}
            </div>
          }
          unansweredSlot={
            state.generation && state.generation.method === 'url' ? (
              <UnansweredIntents
                generationId={state.generation.id}
                intents={state.generation.unansweredIntents ?? []}
                onAdded={(added) => {
                  flow.addOwnerItem(added);
                  void queryClient.invalidateQueries({ queryKey: queryKeys.generations });
                }}
              />
            ) : null
          }
          onNew={() => void startOver()}
        />
      )}
    </div>
  );
}
