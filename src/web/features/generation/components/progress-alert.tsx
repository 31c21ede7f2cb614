import { Loader2 } from 'lucide-react';

export function ProgressAlert({ percent, message }: { percent: number; message: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-lg border border-blue-200 bg-blue-50 p-4"
    >
      <div className="flex items-center gap-2 text-sm font-medium text-blue-900">
        <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
        <span data-testid="progress-message">{message}</span>
        <span className="ml-auto tabular-nums">{percent}%</span>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-blue-100"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="進捗"
      >
        <div
          className="h-full rounded-full bg-blue-600 transition-all"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
