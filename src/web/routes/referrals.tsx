import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useCreateReferralLink, useReferrals } from '../features/referrals/api/referrals.ts';
import { CopyButton } from '../features/referrals/components/copy-button.tsx';
import { ReferralHistory } from '../features/referrals/components/referral-history.tsx';
import { formatNumber } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { showAlert } from '../components/ui/alert-dialog.tsx';

export function ReferralsRoute() {
  useDocumentTitle('友達紹介');
  const referrals = useReferrals();
  const create = useCreateReferralLink();
  const data = referrals.data;

  if (referrals.isPending)
    return (
      <div className="px-4 py-10">
        <Spinner label="読み込み中…" />
      </div>
    );
  if (!data)
    return (
      <p role="alert" className="px-4 py-10 text-red-700">
        紹介情報を読み込めませんでした。
      </p>
    );

  const figures = [
    { label: '獲得クレジット合計', value: data.stats.creditsEarned },
    { label: '紹介成功', value: data.stats.successfulReferrals },
    { label: '保留中', value: data.stats.pendingReferrals },
  ];

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      {/* Dark shades and a darkening (not lightening) tile: white text stays above 4.5:1 (WCAG AA). */}
      <section
        data-testid="referrals-hero"
        className="rounded-2xl bg-gradient-to-r from-amber-700 via-orange-700 to-pink-700 p-6 text-white"
      >
        <h1 className="text-2xl font-bold">友達紹介プログラム</h1>
        <p className="mt-1 text-white">紹介するほど、FAQ作成がお得になります。</p>
        <dl className="mt-6 grid grid-cols-3 gap-2 sm:gap-4">
          {figures.map((figure) => (
            <div key={figure.label} className="min-w-0 rounded-xl bg-black/15 p-3 sm:p-4">
              <dt className="text-xs text-white">{figure.label}</dt>
              <dd className="mt-1 text-2xl font-bold">{formatNumber(figure.value)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Card>
        <CardHeader>
          <CardTitle>あなたの紹介リンク</CardTitle>
        </CardHeader>
        <CardContent>
          {data.link && data.code ? (
            <div className="space-y-3">
              <div className="flex flex-col gap-2 sm:flex-row">
                <input
                  aria-label="紹介リンク"
                  readOnly
                  value={data.link}
                  className="h-10 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 text-sm"
                  onFocus={(event) => event.target.select()}
                />
                <CopyButton text={data.link} />
              </div>
              <p className="text-sm text-slate-600">
                紹介コード：
                <span className="font-mono font-semibold" data-testid="referral-code">
                  {data.code}
                </span>
              </p>
            </div>
          ) : (
            <Button
              disabled={create.isPending}
              onClick={() =>
                create.mutate(undefined, {
                  onError: () => void showAlert('紹介リンクの作成に失敗しました'),
                })
              }
            >
              {create.isPending && <Spinner label="作成中" />}
              紹介リンクを作成
            </Button>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>しくみ</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-4 md:grid-cols-3">
            <li className="rounded-lg bg-slate-50 p-4">
              <strong>1.</strong> 紹介リンクをお知り合いにシェア
            </li>
            <li className="rounded-lg bg-slate-50 p-4">
              <strong>2.</strong> お知り合いが登録すると、あなたに<strong>+10クレジット</strong>
            </li>
            <li className="rounded-lg bg-slate-50 p-4">
              <strong>3.</strong> その方が初めて購入すると、さらに<strong>+10クレジット</strong>
            </li>
          </ol>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>紹介履歴</CardTitle>
        </CardHeader>
        <CardContent>
          <ReferralHistory history={data.history} />
        </CardContent>
      </Card>
    </div>
  );
}
