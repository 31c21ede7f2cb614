import { ChevronDown, ChevronUp, Settings2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  formatTokenCost,
  OFFLINE_ENGINE_LABEL,
  type AiProviderInfo,
  type AiSettings,
} from '../../../../shared/ai.ts';
import { Label } from '../../../components/ui/input.tsx';

export function AiSettingsPanel({
  providers,
  value,
  onChange,
}: {
  providers: AiProviderInfo[];
  value: AiSettings;
  onChange: (value: AiSettings) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const auto = providers.find((provider) => provider.id === 'auto');
  // The offline engine extracts sentences; it has no model to give instructions to.
  const ignoresInstructions = Boolean(auto?.offline && value.provider === 'auto');
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <button
        type="button"
        className="flex w-full items-center justify-between px-4 py-3 text-left text-sm font-medium"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((current) => !current)}
      >
        <span className="flex items-center gap-2">
          <Settings2 aria-hidden="true" className="h-4 w-4" />
          AI設定
          {auto?.offline && value.provider === 'auto' && (
            <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-800">
              {OFFLINE_ENGINE_LABEL}
            </span>
          )}
        </span>
        {open ? (
          <ChevronUp aria-hidden="true" className="h-4 w-4" />
        ) : (
          <ChevronDown aria-hidden="true" className="h-4 w-4" />
        )}
      </button>
      {open && (
        <div id={`${id}-panel`} className="space-y-4 border-t border-slate-200 p-4">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">AIプロバイダー</legend>
            {providers.map((provider) => (
              <label key={provider.id} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-provider`}
                  className="mt-1"
                  checked={value.provider === provider.id}
                  disabled={!provider.available}
                  onChange={() => onChange({ ...value, provider: provider.id })}
                />
                <span>
                  <span className="font-medium">{provider.label}</span>
                  {provider.recommended && (
                    <span className="ml-2 rounded bg-blue-100 px-1.5 py-0.5 text-xs text-blue-800">
                      おすすめ
                    </span>
                  )}
                  <span className="block text-xs text-slate-500">
                    {/* The built-in engine runs no model, and a provider without a key runs
                        nothing: neither has tokens to price. */}
                    {provider.offline ? (
                      <>内蔵エンジン（トークンは使いません）</>
                    ) : provider.available ? (
                      <>
                        モデル：{provider.model} ／ 1トークンあたり{' '}
                        {formatTokenCost(provider.costPerToken)} クレジット
                      </>
                    ) : (
                      <>未設定（管理者がAPIキーを設定すると選べます）</>
                    )}
                  </span>
                </span>
              </label>
            ))}
            {auto?.offline && (
              <p className="rounded-md bg-amber-50 p-3 text-xs text-amber-900">
                AIプロバイダーが設定されていないため、{OFFLINE_ENGINE_LABEL}
                で作成します。入力された内容から文章を抜き出して質問と回答を作る簡易的な仕組みで、AIモデルではありません。
              </p>
            )}
          </fieldset>
          <div className="space-y-1">
            <Label htmlFor={`${id}-instructions`}>カスタム指示（任意）</Label>
            <textarea
              id={`${id}-instructions`}
              rows={3}
              maxLength={2000}
              className="w-full rounded-md border border-slate-300 p-3 text-base md:text-sm"
              placeholder="例：丁寧な敬語で、専門用語には短い説明を添えてください"
              value={value.customInstructions ?? ''}
              aria-describedby={ignoresInstructions ? `${id}-instructions-ignored` : undefined}
              onChange={(e) => onChange({ ...value, customInstructions: e.target.value })}
            />
            {ignoresInstructions && (
              <p id={`${id}-instructions-ignored`} className="text-xs text-amber-800">
                {OFFLINE_ENGINE_LABEL}
                はカスタム指示を使いません。AIプロバイダーが設定されると、ここに書いた指示が回答に反映されます。
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
