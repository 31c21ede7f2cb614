import { Loader2, Square } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

export function ProgressAlert({
  percent,
  message,
  onCancel,
  cancelling = false,
}: {
  percent: number;
  message: string;
  /** Offered while the server crawls or answers; the job stops at its next step. */
  onCancel?: () => void;
  cancelling?: boolean;
}) {
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
      {onCancel && (
        <div className="mt-3 flex justify-end">
          <Button variant="outline" size="sm" onClick={onCancel} disabled={cancelling}>
            <Square aria-hidden="true" className="h-3.5 w-3.5" />
            {cancelling ? '中止しています…' : '中止'}
          </Button>
        </div>
      )}
    </div>
  );
}
