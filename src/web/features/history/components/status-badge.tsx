import { cn } from '../../../lib/cn.ts';
import { statusLabel } from '../history-record.ts';

export function StatusBadge({ status }: { status: string }) {
  const { label, className } = statusLabel(status);
  return (
    <span className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium', className)}>
      {label}
    </span>
  );
}
