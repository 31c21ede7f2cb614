import { Tabs } from 'radix-ui';
import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import type { AiSettings } from '../../../../shared/ai.ts';
import {
  CATEGORY_REQUIRED,
  INVALID_URL,
  URL_OR_TEXT_REQUIRED,
  type CreateGenerationRequest,
} from '../../../../shared/generations.ts';
import {
  ANSWER_LENGTHS,
  DEFAULT_FAQ_COUNT,
  FAQ_COUNT_CHOICES,
  MAX_RESPONDERS,
  type AnswerLength,
} from '../../../../shared/limits.ts';
import { isDocumentLink, isValidUrl } from '../../../../shared/url.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FileImportButton } from './file-import-button.tsx';

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';
const selectClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm';

export function InputStage({
  busy,
  ai,
  onSubmit,
}: {
  busy: boolean;
  ai: AiSettings;
  onSubmit: (request: CreateGenerationRequest) => void;
}) {
  const id = useId();
  const [tab, setTab] = useState<'url' | 'category'>('url');
  const [url, setUrl] = useState('');
  const [textInput, setTextInput] = useState('');
  const [faqCount, setFaqCount] = useState<number>(DEFAULT_FAQ_COUNT);
  const [includeSubpages, setIncludeSubpages] = useState(false);
  const [categoryName, setCategoryName] = useState('');
  const [major, setMajor] = useState('');
  const [medium, setMedium] = useState('');
  const [minor, setMinor] = useState('');
  const [responders, setResponders] = useState<string[]>(['']);
  const [answerLength, setAnswerLength] = useState<AnswerLength>('medium');
  const urlEmpty = !url.trim() && !textInput.trim();
  // A link to a file (not a web page) is read as a document; it has no subpages to follow.
  const linksToFile = isDocumentLink(url.trim()) && !/\.html?$/i.test(new URL(url.trim()).pathname);

  function submit() {
    if (tab === 'url') {
      if (urlEmpty) return window.alert(URL_OR_TEXT_REQUIRED);
      if (url.trim() && !isValidUrl(url.trim())) return window.alert(INVALID_URL);
      return onSubmit({
        method: 'url',
        ...(url.trim() ? { url: url.trim() } : {}),
        ...(textInput.trim() ? { textInput } : {}),
        faqCount,
        includeSubpages: includeSubpages && !linksToFile,
        answerLength,
        ai,
      });
    }
    const named = responders.map((responder) => responder.trim()).filter(Boolean);
    if (!categoryName.trim() || named.length === 0) return window.alert(CATEGORY_REQUIRED);
    return onSubmit({
      method: 'category',
      categoryName: categoryName.trim(),
      ...(major.trim() ? { major: major.trim() } : {}),
      ...(medium.trim() ? { medium: medium.trim() } : {}),
      ...(minor.trim() ? { minor: minor.trim() } : {}),
      responders: named,
      faqCount,
      includeSubpages: false,
      answerLength,
      ai,
    });
  }

  return (
    <div className="space-y-6">
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as 'url' | 'category')}>
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
              onChange={(e) => setUrl(e.target.value)}
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
              <FileImportButton current={textInput} onText={setTextInput} />
            </div>
            <textarea
              id={`${id}-text`}
              rows={5}
              className="w-full rounded-md border border-slate-300 p-3 text-base md:text-sm"
              placeholder="会社案内やサービス説明などを貼り付けるか、PDF・Word・Excelなどのファイルから読み込んでください"
              value={textInput}
              onChange={(e) => setTextInput(e.target.value)}
            />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={includeSubpages && !linksToFile}
              disabled={linksToFile}
              onChange={(e) => setIncludeSubpages(e.target.checked)}
              className="h-4 w-4"
            />
            下層ページも含める（同じサイト内の主要なページを最大10件まで読み込みます）
          </label>
        </Tabs.Content>
        <Tabs.Content value="category" className="space-y-4">
          <div className="space-y-1">
            <Label htmlFor={`${id}-category`}>カテゴリー名</Label>
            <Input
              id={`${id}-category`}
              placeholder="例：相続手続き"
              value={categoryName}
              onChange={(e) => setCategoryName(e.target.value)}
            />
          </div>
          <div className="grid gap-2 sm:grid-cols-3">
            {[
              ['大分類', major, setMajor],
              ['中分類', medium, setMedium],
              ['小分類', minor, setMinor],
            ].map(([label, value, set]) => (
              <div key={label as string} className="space-y-1">
                <Label htmlFor={`${id}-${label as string}`}>{label as string}（任意）</Label>
                <Input
                  id={`${id}-${label as string}`}
                  value={value as string}
                  onChange={(e) => (set as (v: string) => void)(e.target.value)}
                />
              </div>
            ))}
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">
              回答者（専門家の役割、最大{MAX_RESPONDERS}人）
            </legend>
            {responders.map((responder, index) => (
              <div key={index} className="flex gap-2">
                <Input
                  aria-label={`回答者${index + 1}`}
                  placeholder={index === 0 ? '例：税理士' : '例：弁護士'}
                  value={responder}
                  onChange={(e) =>
                    setResponders((list) =>
                      list.map((item, position) => (position === index ? e.target.value : item)),
                    )
                  }
                />
                {responders.length > 1 && (
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`回答者${index + 1}を削除`}
                    onClick={() =>
                      setResponders((list) => list.filter((_, position) => position !== index))
                    }
                  >
                    <Minus aria-hidden="true" className="h-4 w-4" />
                  </Button>
                )}
              </div>
            ))}
            <Button
              variant="outline"
              size="sm"
              disabled={responders.length >= MAX_RESPONDERS}
              onClick={() => setResponders((list) => [...list, ''])}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              回答者を追加
            </Button>
          </fieldset>
        </Tabs.Content>
      </Tabs.Root>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-count`}>作成するFAQの数</Label>
          <select
            id={`${id}-count`}
            className={selectClass}
            value={faqCount}
            onChange={(e) => setFaqCount(Number(e.target.value))}
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
            onChange={(e) => setAnswerLength(e.target.value as AnswerLength)}
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
        className="w-full"
        onClick={submit}
        disabled={busy || (tab === 'url' && urlEmpty)}
      >
        {busy && <Spinner label="生成中" />}
        質問を生成する
      </Button>
    </div>
  );
}
