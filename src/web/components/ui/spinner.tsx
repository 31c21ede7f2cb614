import { Loader2 } from 'lucide-react';

/**
 * `className` replaces the default size (h-4 w-4), so pass a size with it. No class merging
 * here: the spinner is on public pages, which do not load tailwind-merge.
 */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <Loader2 aria-hidden="true" className={`animate-spin ${className ?? 'h-4 w-4'}`} />
      <span className="sr-only">{label ?? '読み込み中'}</span>
    </span>
  );
}

export function FullScreenLoader() {
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-white"
      data-testid="full-screen-loader"
    >
      <Spinner className="h-8 w-8 text-blue-600" label="読み込み中…" />
    </div>
  );
}
