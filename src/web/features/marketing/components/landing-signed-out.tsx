import { ArrowRight, FileText, Gift, Globe, Sparkles, Users, Wallet } from 'lucide-react';
import { buttonClassName } from '../../../components/ui/button-variants.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Disclaimer } from './disclaimer.tsx';
import { SIGNUP_BONUS_CREDITS } from '../../../../shared/limits.ts';
import { SIGNUP_BONUS_TERMS } from '../../../../shared/plans.ts';

const features = [
  {
    icon: Globe,
    title: 'URL自動解析',
    body: 'WebサイトのURLを入れるだけで本文を読み取り、下層ページも含めてよくある質問を抽出します。',
  },
  {
    icon: Users,
    title: '専門家ロール設定',
    body: '「税理士」「カスタマーサポート」など最大5人の回答者を設定し、多角的な回答と統合回答を作成します。',
  },
  {
    icon: FileText,
    title: 'Word出力',
    body: '承認したFAQだけをWord文書（.docx）で出力。社内共有やWebサイトへの掲載にそのまま使えます。',
  },
  {
    icon: Wallet,
    title: 'クレジット制',
    body: 'FAQ1件につき1クレジット。使った分だけのわかりやすい料金で、月額の固定費はかかりません。',
  },
];

const steps = [
  { title: '入力', body: 'URL・テキスト、またはカテゴリーと回答者を入力します。' },
  { title: '生成', body: 'AIが質問を作成。使う質問を選ぶと回答を作成します。' },
  { title: '出力', body: '承認したFAQをWord文書でダウンロードします。' },
];

const benefits = [
  `${SIGNUP_BONUS_TERMS}（FAQ${SIGNUP_BONUS_CREDITS}件分）を進呈`,
  'クレジットカード登録は不要',
  '生成した履歴はいつでも見直し・再出力',
];

export interface LandingSignedOutProps {
  onStart: () => void;
  starting: boolean;
}

function StartButton({ onStart, starting, label }: LandingSignedOutProps & { label: string }) {
  return (
    <button
      type="button"
      className={buttonClassName({ size: 'lg' })}
      onClick={onStart}
      disabled={starting}
      aria-busy={starting}
    >
      {starting ? (
        <Spinner label="ログイン画面へ移動中" />
      ) : (
        <Sparkles aria-hidden="true" className="h-5 w-5" />
      )}
      {label}
    </button>
  );
}

export function LandingSignedOut({ onStart, starting }: LandingSignedOutProps) {
  return (
    <div>
      <section className="bg-gradient-to-b from-blue-50 to-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center md:py-24">
          <p className="mb-4 inline-block rounded-full bg-blue-100 px-3 py-1 text-sm font-medium text-blue-800">
            中小企業のためのAI FAQ作成サービス
          </p>
          <h1 className="text-3xl font-bold leading-tight tracking-tight text-slate-900 md:text-5xl">
            よくある質問（FAQ）を、
            <br className="hidden sm:inline" />
            AIでかんたん作成
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-base text-slate-600 md:text-lg">
            {
              'WebサイトのURLや資料のテキストを入れるだけ。お客様が知りたい質問と回答をAIが下書きし、あなたが選んだものだけをWord文書で出力できます。'
            }
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <StartButton onStart={onStart} starting={starting} label="無料で始める" />
            <p className="text-sm text-slate-500">
              メールアドレスの確認で{SIGNUP_BONUS_CREDITS}クレジット進呈・カード登録不要
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-heading" className="text-center text-2xl font-bold md:text-3xl">
          FAQ工房でできること
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ icon: Icon, title, body }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="h-8 w-8 text-blue-600" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="benefits-heading" className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 md:grid-cols-2">
          <div>
            <h2 id="benefits-heading" className="text-2xl font-bold">
              新規登録の特典
            </h2>
            <ul className="mt-6 space-y-3">
              {benefits.map((benefit) => (
                <li key={benefit} className="flex items-start gap-3">
                  <span
                    aria-hidden="true"
                    className="mt-1 h-2 w-2 shrink-0 rounded-full bg-blue-600"
                  />
                  <span>{benefit}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-xl border border-amber-200 bg-amber-50 p-6">
            <h2 className="flex items-center gap-2 text-2xl font-bold">
              <Gift aria-hidden="true" className="h-6 w-6 text-amber-600" />
              友達紹介プログラム
            </h2>
            <p className="mt-4 leading-relaxed text-slate-700">
              あなた専用の紹介リンクからお知り合いが登録すると、あなたに
              <strong>10クレジット</strong>。{'その方が初めてクレジットを購入すると、さらに'}
              <strong>10クレジット</strong>を進呈します。
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="steps-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="steps-heading" className="text-center text-2xl font-bold md:text-3xl">
          使い方は3ステップ
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-blue-600 font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-blue-600 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-14 text-center">
          <h2 className="text-2xl font-bold md:text-3xl">
            FAQづくりの手間を、今日から減らしませんか
          </h2>
          <p className="text-white">
            登録は1分。メールアドレスを確認すると{SIGNUP_BONUS_CREDITS}
            クレジットで、すぐにお試しいただけます。
          </p>
          <button
            type="button"
            className={buttonClassName({ size: 'lg', variant: 'secondary' })}
            onClick={onStart}
            disabled={starting}
            aria-busy={starting}
          >
            {starting ? (
              <Spinner label="ログイン画面へ移動中" />
            ) : (
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            )}
            無料で始める
          </button>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-10">
        <Disclaimer />
      </div>
    </div>
  );
}
