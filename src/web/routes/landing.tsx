import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

export function LandingRoute() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold md:text-5xl">AIでFAQをかんたん作成</h1>
      <p className="mt-4 text-slate-600">
        WebサイトのURLやテキストから、よくある質問と回答を自動で作成します。
      </p>
      <Link to={paths.pricing} className="mt-6 inline-block text-blue-700 underline">
        料金プランを見る
      </Link>
    </section>
  );
}
