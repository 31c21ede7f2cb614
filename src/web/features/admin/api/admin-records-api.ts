import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  ActionLogPage,
  AdminUserHistory,
  SalesReport,
} from '../../../../shared/admin-records.ts';
import { adminRequest, readAdminSession } from '../admin-session.ts';

export interface SalesFilter {
  period: 'day' | 'month';
  from: string;
  to: string;
}

function salesParams(filter: SalesFilter) {
  return new URLSearchParams({
    period: filter.period,
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  }).toString();
}

export const useSales = (filter: SalesFilter) =>
  useQuery({
    queryKey: ['admin', 'sales', filter],
    queryFn: () => adminRequest<SalesReport>(`/api/admin/sales?${salesParams(filter)}`),
  });

/** The CSV needs the admin token, so it is fetched and saved as a blob, not linked. */
export async function downloadSalesCsv(filter: SalesFilter): Promise<void> {
  const response = await fetch(`/api/admin/sales.csv?${salesParams(filter)}`, {
    headers: { authorization: `Bearer ${readAdminSession()?.token ?? ''}` },
  });
  if (!response.ok) throw new Error('CSVの出力に失敗しました');
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'sales.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useUserHistory = (userId: string) =>
  useQuery({
    queryKey: ['admin', 'user-history', userId],
    queryFn: () =>
      adminRequest<AdminUserHistory>(`/api/admin/users/${encodeURIComponent(userId)}/history`),
  });

export const useActionLog = () =>
  useInfiniteQuery({
    queryKey: ['admin', 'action-logs'],
    queryFn: ({ pageParam }) =>
      adminRequest<ActionLogPage>(
        `/api/admin/action-logs?limit=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
