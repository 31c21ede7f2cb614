import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminLoginResponseSchema,
  adminProfileSchema,
  adminStatsSchema,
  adminUserListSchema,
  creditAdjustmentResultSchema,
  loginHintSchema,
  suspensionResultSchema,
} from '../../../../shared/admin.ts';
import { analyticsSummarySchema } from '../../../../shared/analytics.ts';
import { outboxDetailSchema, outboxListSchema } from '../../../../shared/notifications.ts';
import { api, apiResponse } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminRequest, readAdminSession } from '../admin-session.ts';

export const loginAdmin = (username: string, password: string) =>
  api.post(
    '/api/admin/login',
    { username, password },
    { anonymous: true, schema: adminLoginResponseSchema },
  );

export const loginHintQueryOptions = queryOptions({
  queryKey: [...queryKeys.admin, 'login-hint'],
  queryFn: () => api.get('/api/admin/login-hint', { anonymous: true, schema: loginHintSchema }),
});

/** Keyed by the token: a new sign-in is checked afresh, never answered from the cache. */
export const adminSessionQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...queryKeys.admin, 'session', token],
    queryFn: () => adminRequest('/api/admin/session', { schema: adminProfileSchema }),
    retry: false,
  });

export const statsQueryOptions = queryOptions({
  queryKey: [...queryKeys.admin, 'stats'],
  queryFn: () => adminRequest('/api/admin/stats', { schema: adminStatsSchema }),
});

export function usersQueryOptions(search: string, status: string) {
  const params = new URLSearchParams({ status, ...(search ? { search } : {}) });
  return queryOptions({
    queryKey: [...queryKeys.admin, 'users', search, status],
    queryFn: () =>
      adminRequest(`/api/admin/users?${params.toString()}`, { schema: adminUserListSchema }),
  });
}

export const useAdminStats = () => useQuery(statsQueryOptions);
export const useAdminUsers = (search: string, status: string) =>
  useQuery(usersQueryOptions(search, status));

/** Every admin change can move the figures on every tab: all of the area is read again. */
function useRefreshAdminArea() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin });
}

export function useAdjustCredits() {
  const refresh = useRefreshAdminArea();
  return useMutation({
    mutationFn: ({
      userId,
      amount,
      reason,
      customerDescription,
    }: {
      userId: string;
      amount: number;
      reason?: string | undefined;
      customerDescription?: string | undefined;
    }) =>
      adminRequest(`/api/admin/users/${encodeURIComponent(userId)}/credits`, {
        method: 'POST',
        body: {
          amount,
          ...(reason ? { reason } : {}),
          ...(customerDescription ? { customerDescription } : {}),
        },
        schema: creditAdjustmentResultSchema,
      }),
    onSuccess: refresh,
  });
}

export function useSetSuspended() {
  const refresh = useRefreshAdminArea();
  return useMutation({
    mutationFn: ({ userId, suspended }: { userId: string; suspended: boolean }) =>
      adminRequest(`/api/admin/users/${encodeURIComponent(userId)}/suspension`, {
        method: 'POST',
        body: { suspended },
        schema: suspensionResultSchema,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteUser() {
  const refresh = useRefreshAdminArea();
  return useMutation({
    mutationFn: (userId: string) =>
      adminRequest(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export const changeAdminPassword = (currentPassword: string, newPassword: string) =>
  adminRequest('/api/admin/password', {
    method: 'POST',
    body: { currentPassword, newPassword },
  });

/** An admin CSV needs the admin token, so it is fetched and saved as a blob, not linked. */
export async function downloadAdminCsv(url: string, fallbackName: string): Promise<void> {
  const response = await apiResponse(url, { token: readAdminSession()?.token ?? '' });
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    fallbackName;
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

export function downloadUsersCsv(search: string, status: string): Promise<void> {
  const params = new URLSearchParams({ status, ...(search ? { search } : {}) });
  return downloadAdminCsv(`/api/admin/users.csv?${params.toString()}`, 'users.csv');
}

export function outboxQueryOptions(status: string) {
  const params = new URLSearchParams(status ? { status } : {});
  return queryOptions({
    queryKey: [...queryKeys.admin, 'emails', status],
    queryFn: () =>
      adminRequest(`/api/admin/emails?${params.toString()}`, { schema: outboxListSchema }),
  });
}

export const outboxEmailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.admin, 'emails', 'detail', id],
    queryFn: () =>
      adminRequest(`/api/admin/emails/${encodeURIComponent(id)}`, { schema: outboxDetailSchema }),
  });

export const useOutbox = (status: string) => useQuery(outboxQueryOptions(status));

export const useOutboxEmail = (id: string | null) =>
  useQuery({ ...outboxEmailQueryOptions(id ?? ''), enabled: id !== null });

export const analyticsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...queryKeys.admin, 'analytics', days],
    queryFn: () =>
      adminRequest(`/api/admin/analytics?days=${days}`, { schema: analyticsSummarySchema }),
  });

export const useAdminAnalytics = (days: number) => useQuery(analyticsQueryOptions(days));
