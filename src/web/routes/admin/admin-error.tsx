import { useRouteError } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

/** docs/spec.md §2: the render-error fallback of the admin area shows the error and its stack. */
export function AdminErrorRoute() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold text-red-700">画面の表示中にエラーが発生しました</h1>
      <p className="mt-4 font-mono text-sm">{message}</p>
      <pre className="mt-4 max-h-80 overflow-auto rounded bg-slate-900 p-4 text-xs text-slate-100">
        {stack}
      </pre>
      <div className="mt-6 flex gap-2">
        <Button onClick={() => window.location.reload()}>再読み込み</Button>
        <Button
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(`${message}\n${stack}`)}
        >
          エラーをコピー
        </Button>
      </div>
    </div>
  );
}
