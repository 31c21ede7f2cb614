import { cn } from '../../../lib/cn.ts';
import { statusLabel } from '../history-record.ts';

export function StatusBadge({ status, stage }: { status: string; stage?: string }) {
  const { label, className } = statusLabel(status, stage);
  return (
    <span className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium', className)}>
      {label}
    </span>
  );
}
