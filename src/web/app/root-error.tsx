import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { buttonClassName } from '../components/ui/button-variants.ts';
import { paths } from '../config/paths.ts';

/**
 * What a visitor sees when a screen fails to render or its code fails to load (a chunk that
 * a newer deploy replaced, a bug): a way out in Japanese instead of a blank page or the
 * router's English default. The admin area keeps its own screen with the error's details.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    // Kept in the console for whoever investigates; the visitor reads only the text below.
    console.error(error);
  }, [error]);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div role="alert" className="max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-bold text-slate-900">ページを表示できませんでした</h1>
        <p className="text-slate-700">
          申し訳ありません。問題が発生しました。再読み込みしても直らない場合は、トップページからやり直してください。
        </p>
        <div className="flex justify-center gap-2">
          {/* Plain elements with Button's classes: this screen sits in every page's entry
              chunk, which carries no tailwind-merge (docs/adr/021-public-page-javascript.md). */}
          <button
            type="button"
            className={buttonClassName({})}
            onClick={() => window.location.reload()}
          >
            再読み込み
          </button>
          {/* A full page load: the router's state is what failed, so it is not reused. */}
          <a href={paths.home} className={buttonClassName({ variant: 'outline' })}>
            トップへ戻る
          </a>
        </div>
      </div>
    </main>
  );
}
