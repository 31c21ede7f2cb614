import type { Generation } from '../../../../shared/generations.ts';

type Report = NonNullable<Generation['crawlReport']>;

const OUTCOME_LABELS: Record<string, string> = {
  ok: '読み込み済み',
  blocked_by_robots: 'robots.txtで禁止',
  not_html: '対象外の形式',
  empty_shell: 'JavaScriptのみのページ',
  duplicate: '重複',
  error: 'エラー',
};

/** Which pages the questions came from, and why the others were left out. */
export function CrawlReport({ report }: { report: Report | null }) {
  if (!report || report.length === 0) return null;
  const loaded = report.filter((entry) => entry.outcome === 'ok').length;
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <summary className="cursor-pointer font-medium">
        読み込んだページ：{loaded}件（確認したページ {report.length}件）
      </summary>
      <ul className="mt-2 space-y-1" aria-label="ページの読み込み結果">
        {report.map((entry) => (
          <li key={`${entry.outcome}-${entry.url}`} className="flex flex-wrap gap-x-2">
            <span
              className={
                entry.outcome === 'ok' ? 'font-medium text-green-700' : 'font-medium text-slate-500'
              }
            >
              {OUTCOME_LABELS[entry.outcome] ?? entry.outcome}
            </span>
            <span className="break-all text-slate-700">{entry.url}</span>
            {entry.message && <span className="text-slate-500">（{entry.message}）</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}
