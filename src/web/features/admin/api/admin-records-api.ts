import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  actionLogSchema,
  adminPurchasePageSchema,
  adminUserHistorySchema,
  salesReportSchema,
} from '../../../../shared/admin-records.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
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

export const salesQueryOptions = (filter: SalesFilter) =>
  queryOptions({
    queryKey: [...queryKeys.admin, 'sales', filter],
    queryFn: () =>
      adminRequest(`/api/admin/sales?${salesParams(filter)}`, { schema: salesReportSchema }),
  });

export const useSales = (filter: SalesFilter) => useQuery(salesQueryOptions(filter));

export function downloadSalesCsv(filter: SalesFilter): Promise<void> {
  return downloadAdminCsv(`/api/admin/sales.csv?${salesParams(filter)}`, 'sales.csv');
}

export interface PurchaseFilter {
  status: 'paid' | 'pending' | 'failed' | 'all';
  from: string;
  to: string;
}

export const purchasesQueryOptions = (filter: PurchaseFilter) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.admin, 'sales-purchases', filter],
    queryFn: ({ pageParam }) =>
      adminRequest(
        `/api/admin/sales/purchases?${new URLSearchParams({
          status: filter.status,
          limit: '50',
          ...(filter.from ? { from: filter.from } : {}),
          ...(filter.to ? { to: filter.to } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        }).toString()}`,
        { schema: adminPurchasePageSchema },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const usePurchases = (filter: PurchaseFilter) =>
  useInfiniteQuery(purchasesQueryOptions(filter));

export const userHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...queryKeys.admin, 'user-history', userId],
    queryFn: () =>
      adminRequest(`/api/admin/users/${encodeURIComponent(userId)}/history`, {
        schema: adminUserHistorySchema,
      }),
  });

export const useUserHistory = (userId: string) => useQuery(userHistoryQueryOptions(userId));

export const actionLogQueryOptions = infiniteQueryOptions({
  queryKey: [...queryKeys.admin, 'action-logs'],
  queryFn: ({ pageParam }) =>
    adminRequest(
      `/api/admin/action-logs?limit=50${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      { schema: actionLogSchema },
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export const useActionLog = () => useInfiniteQuery(actionLogQueryOptions);
