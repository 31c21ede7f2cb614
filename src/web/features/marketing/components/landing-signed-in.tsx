import { FileText, Layers, Timer } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button-variants.ts';

const highlights = [
  { icon: Timer, title: '5秒で開始', body: 'URLかテキストを入れるだけ' },
  { icon: Layers, title: '最大100件を一括生成', body: 'まとめてFAQを作成' },
  { icon: FileText, title: 'Word出力', body: '承認したFAQを.docxで' },
];

export function LandingSignedIn({ generatePath }: { generatePath: string }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 text-center md:py-24">
      <h1 className="text-3xl font-bold tracking-tight md:text-5xl">今日はどのFAQを作りますか？</h1>
      <p className="mx-auto mt-4 max-w-xl text-slate-600">
        URL・テキスト・カテゴリーから、AIがよくある質問と回答を作成します。
      </p>
      <Link to={generatePath} className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        FAQ生成を始める
      </Link>
      <ul className="mt-12 grid gap-4 sm:grid-cols-3">
        {highlights.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-white p-6">
            <Icon aria-hidden="true" className="mx-auto h-7 w-7 text-blue-600" />
            <h2 className="mt-3 font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
