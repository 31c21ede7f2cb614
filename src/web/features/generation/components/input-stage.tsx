import { Tabs } from 'radix-ui';
import { useId } from 'react';
import type { AiSettings } from '../../../../shared/ai.ts';
import {
  createGenerationSchema,
  TEXT_TOO_LONG,
  type CreateGenerationRequest,
} from '../../../../shared/generations.ts';
import {
  defaultGenerationTitle,
  GENERATION_TITLE_MAX,
} from '../../../../shared/generation-title.ts';
import {
  ANSWER_LENGTHS,
  FAQ_COUNT_CHOICES,
  PASTED_TEXT_MAX_CHARS,
  type AnswerLength,
} from '../../../../shared/limits.ts';
import { isDocumentLink } from '../../../../shared/url.ts';
import { showAlert } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formErrors } from '../../../lib/form-validation.ts';
import { useSavedForm } from '../hooks/use-saved-form.ts';
import { CategoryFields } from './category-fields.tsx';
import { FileImportButton } from './file-import-button.tsx';

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';
const selectClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm';

/**
 * docs/spec.md §5 input stage. `storageKey` keeps what the user typed across errors, 戻る and
 * reloads (see use-saved-form); without it the form is not kept.
 */
export function InputStage({
  busy,
  ai,
  storageKey,
  offlineEngine = false,
  onSubmit,
}: {
  busy: boolean;
  ai: AiSettings;
  storageKey?: string;
  /** The active engine is the built-in offline one: category answers need a provider. */
  offlineEngine?: boolean;
  onSubmit: (request: CreateGenerationRequest) => void;
}) {
  const id = useId();
  const { values, update } = useSavedForm(storageKey);
  const { tab, url, textInput, faqCount, includeSubpages, answerLength, title } = values;
  const urlEmpty = !url.trim() && !textInput.trim();
  const textTooLong = textInput.length > PASTED_TEXT_MAX_CHARS;
  // A link to a file (not a web page) is read as a document; it has no subpages to follow.
  const linksToFile = isDocumentLink(url.trim()) && !/\.html?$/i.test(new URL(url.trim()).pathname);

  function submit() {
    if (busy) return;
    const named = values.responders.map((responder) => responder.trim()).filter(Boolean);
    const ownTitle = title.trim() ? { title: title.trim() } : {};
    const request: CreateGenerationRequest =
      tab === 'url'
        ? {
            method: 'url',
            ...ownTitle,
            ...(url.trim() ? { url: url.trim() } : {}),
            ...(textInput.trim() ? { textInput } : {}),
            faqCount,
            includeSubpages: includeSubpages && !linksToFile,
            answerLength,
            ai,
          }
        : {
            method: 'category',
            ...ownTitle,
            categoryName: values.categoryName.trim(),
            ...(values.major.trim() ? { major: values.major.trim() } : {}),
            ...(values.medium.trim() ? { medium: values.medium.trim() } : {}),
            ...(values.minor.trim() ? { minor: values.minor.trim() } : {}),
            responders: named,
            faqCount,
            includeSubpages: false,
            answerLength,
            ai,
          };
    // The request's own schema decides; its first problem in the screen's order is alerted.
    const errors = formErrors(createGenerationSchema, request);
    const problem =
      errors.url ??
      errors.textInput ??
      errors.categoryName ??
      errors.title ??
      Object.values(errors)[0];
    if (problem) return void showAlert(problem);
    onSubmit(request);
  }

  // docs/spec.md §5 asks for both a disabled button while URL and text are empty and an alert when
  // it is clicked in that state. It only looks disabled, so the click that explains
  // 「URLまたはテキストを入力してください」 stays possible (for assistive technology too).
  const looksDisabled = tab === 'url' && urlEmpty;
  // What an empty title becomes (the server derives the same; a URL's page names it once read).
  const titleDefault =
    tab === 'category'
      ? values.categoryName.trim()
        ? defaultGenerationTitle({ method: 'category', categoryName: values.categoryName })
        : 'カテゴリー名から付けます'
      : url.trim()
        ? '読み込んだページのタイトル（または見出し・店名）から付けます'
        : textInput.trim()
          ? defaultGenerationTitle({ method: 'url', textInput })
          : 'ページのタイトル、またはテキストの見出し・1行目から付けます';

  return (
    <div className="space-y-6">
      <Tabs.Root
        value={tab}
        onValueChange={(value) => update({ tab: value as 'url' | 'category' })}
      >
        <Tabs.List aria-label="作成方法" className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="url" className={tabClass}>
            URL・テキストから
          </Tabs.Trigger>
          <Tabs.Trigger value="category" className={tabClass}>
            カテゴリーから
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="url" className="space-y-4">
          <div className="space-y-1">
            <Label htmlFor={`${id}-url`}>WebサイトのURL</Label>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              placeholder="https://example.com"
              value={url}
              onChange={(e) => update({ url: e.target.value })}
              aria-describedby={linksToFile ? `${id}-url-file` : undefined}
            />
            {linksToFile && (
              <p id={`${id}-url-file`} className="text-xs text-slate-600">
                ファイル（PDF・Word・Excelなど）として読み込みます。下層ページは対象外です。
              </p>
            )}
          </div>
          <div className="space-y-1">
            <div className="flex flex-wrap items-end justify-between gap-2">
              <Label htmlFor={`${id}-text`}>
                テキスト（URLの代わりに、または追加の資料として）
              </Label>
              <FileImportButton
                current={textInput}
                onText={(text) => update({ textInput: text })}
              />
            </div>
            <textarea
              id={`${id}-text`}
              rows={5}
              className={cn(
                'w-full rounded-md border border-slate-300 p-3 text-base md:text-sm',
                textTooLong && 'border-red-500',
              )}
              placeholder="会社案内やサービス説明などを貼り付けるか、PDF・Word・Excelなどのファイルから読み込んでください"
              value={textInput}
              aria-invalid={textTooLong || undefined}
              aria-describedby={`${id}-text-count`}
              onChange={(e) => update({ textInput: e.target.value })}
            />
            <p
              id={`${id}-text-count`}
              className={cn('text-right text-xs', textTooLong ? 'text-red-700' : 'text-slate-500')}
            >
              {textTooLong && `${TEXT_TOO_LONG}（`}
              {formatNumber(textInput.length)} / {formatNumber(PASTED_TEXT_MAX_CHARS)}文字
              {textTooLong && '）'}
            </p>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={includeSubpages && !linksToFile}
              disabled={linksToFile}
              onChange={(e) => update({ includeSubpages: e.target.checked })}
              className="h-4 w-4 shrink-0"
            />
            下層ページも含める（同じサイト内の主要なページを最大10件まで読み込みます）
          </label>
        </Tabs.Content>
        <Tabs.Content value="category" className="space-y-4">
          {offlineEngine && (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              カテゴリーからの作成では、専門家の回答にAIプロバイダーが必要です。現在のオフライン簡易エンジンでは、質問のチェックリストだけを無料で作成できます（回答は作成されず、クレジットも消費しません）。
            </p>
          )}
          <CategoryFields id={id} values={values} onChange={update} />
        </Tabs.Content>
      </Tabs.Root>

      <div className="space-y-1">
        <Label htmlFor={`${id}-title`}>タイトル（任意）</Label>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={GENERATION_TITLE_MAX}
          placeholder={titleDefault}
          aria-describedby={`${id}-title-hint`}
          onChange={(e) => update({ title: e.target.value })}
        />
        <p id={`${id}-title-hint`} className="text-xs text-slate-600">
          履歴とWordファイルの名前になります。空欄の場合：{titleDefault}
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-count`}>作成するFAQの数</Label>
          <select
            id={`${id}-count`}
            className={selectClass}
            value={faqCount}
            onChange={(e) => update({ faqCount: Number(e.target.value) })}
          >
            {FAQ_COUNT_CHOICES.map((count) => (
              <option key={count} value={count}>
                {count}件
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-length`}>回答の長さ</Label>
          <select
            id={`${id}-length`}
            className={selectClass}
            value={answerLength}
            onChange={(e) => update({ answerLength: e.target.value as AnswerLength })}
          >
            {(Object.keys(ANSWER_LENGTHS) as AnswerLength[]).map((key) => (
              <option key={key} value={key}>
                {ANSWER_LENGTHS[key].label}（{ANSWER_LENGTHS[key].min}〜{ANSWER_LENGTHS[key].max}
                文字）
              </option>
            ))}
          </select>
        </div>
      </div>

      <Button
        size="lg"
        className={cn(
          'w-full',
          // Muted but readable (WCAG AA): the button still answers a click with the spec's alert.
          looksDisabled && 'bg-slate-200 text-slate-700 hover:bg-slate-200',
        )}
        onClick={submit}
        disabled={busy}
      >
        {busy && <Spinner label="生成中" />}
        質問を生成する
      </Button>
    </div>
  );
}
