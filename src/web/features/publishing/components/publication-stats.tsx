import type { Publication } from '../../../../shared/published-faq.ts';

/** What customers open: counts only (no one is identified, Do Not Track is honoured). */
export function PublicationStats({ publication }: { publication: Publication }) {
  return (
    <section aria-label="公開ページの閲覧状況" className="space-y-2 text-sm">
      <p>
        閲覧数 <strong className="text-base">{publication.views.toLocaleString('ja-JP')}</strong> 回
      </p>
      {publication.opens.length === 0 ? (
        <p className="text-slate-600">まだ開かれた質問はありません。</p>
      ) : (
        <>
          <p className="font-semibold text-slate-700">よく開かれた質問</p>
          <ol className="space-y-1">
            {publication.opens.slice(0, 10).map((entry) => (
              <li
                key={entry.question}
                className="flex justify-between gap-3 border-b border-slate-100 pb-1"
              >
                <span className="min-w-0 break-words">{entry.question}</span>
                <span className="shrink-0 tabular-nums text-slate-700">
                  {entry.opens.toLocaleString('ja-JP')} 回
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      <p className="text-xs text-slate-500">
        個人を特定する情報やCookieは使わず、回数だけを数えています（トラッキング拒否の設定は尊重されます）。
      </p>
    </section>
  );
}
