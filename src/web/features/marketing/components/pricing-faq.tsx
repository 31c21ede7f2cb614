import { MODEL_USE_LIMITS } from '../../../../shared/model-use.ts';
import { SIGNUP_BONUS_CREDITS } from '../../../../shared/limits.ts';

const questions = [
  {
    q: 'クレジットとは何ですか？',
    a: `FAQを生成するときに使うポイントです。FAQ1件につき1クレジットを消費します。質問の生成は無料（AIモデルを使う場合は1日${MODEL_USE_LIMITS.questionPhasesPerDay}回まで）で、回答まで作成したFAQの件数分だけ消費します。`,
  },
  {
    q: 'クレジットに有効期限はありますか？',
    a: '有効期限はありません。購入・獲得したクレジットは、アカウントがある限りいつでもお使いいただけます。',
  },
  {
    q: '生成に失敗した場合もクレジットは消費されますか？',
    a: 'いいえ。回答の生成に失敗したFAQについてはクレジットを消費しません。',
  },
  {
    q: '返金はできますか？',
    a: `デジタルサービスの性質上、購入済みクレジットの返金には応じておりません。まずはメールアドレスの確認で進呈する${SIGNUP_BONUS_CREDITS}クレジットでお試しください。`,
  },
  {
    q: '支払い方法を教えてください。',
    a: 'クレジットカード決済に対応しています。決済が完了すると、ただちにクレジットが付与されます。',
  },
  {
    q: '無料でクレジットを増やす方法はありますか？',
    a: '友達紹介プログラムをご利用ください。紹介した方が登録すると10クレジット、初回購入でさらに10クレジットを進呈します。',
  },
];

export function PricingFaq() {
  return (
    <section aria-labelledby="pricing-faq-heading" className="mx-auto max-w-3xl px-4 py-16">
      <h2 id="pricing-faq-heading" className="text-center text-2xl font-bold">
        よくある質問
      </h2>
      <div className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {questions.map((item) => (
          <details key={item.q} className="group p-5">
            <summary className="cursor-pointer list-none font-medium marker:hidden">
              <span className="mr-2 text-blue-600">Q.</span>
              {item.q}
            </summary>
            <p className="mt-3 leading-relaxed text-slate-700">
              <span className="mr-2 font-medium text-slate-500">A.</span>
              {item.a}
            </p>
          </details>
        ))}
      </div>
    </section>
  );
}
