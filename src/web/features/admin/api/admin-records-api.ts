import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  ActionLogPage,
  AdminUserHistory,
  SalesReport,
} from '../../../../shared/admin-records.ts';
import { adminRequest } from '../admin-session.ts';
import { downloadAdminCsv } from './admin-api.ts';

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

export function downloadSalesCsv(filter: SalesFilter): Promise<void> {
  return downloadAdminCsv(`/api/admin/sales.csv?${salesParams(filter)}`, 'sales.csv');
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
