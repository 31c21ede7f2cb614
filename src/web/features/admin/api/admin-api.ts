import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile, AdminStats, AdminUserRow } from '../../../../shared/admin.ts';
import type { AnalyticsSummary } from '../../../../shared/analytics.ts';
import type { OutboxDetail, OutboxEntry } from '../../../../shared/notifications.ts';
import { api } from '../../../lib/api-client.ts';
import { adminRequest, readAdminSession } from '../admin-session.ts';

export const loginAdmin = (username: string, password: string) =>
  api.post<{ token: string; expiresIn: number; admin: AdminProfile }>(
    '/api/admin/login',
    { username, password },
    { anonymous: true },
  );

export const getLoginHint = () =>
  api.get<{ showDefaultCredentials: boolean; username?: string; password?: string }>(
    '/api/admin/login-hint',
    { anonymous: true },
  );

export const getAdminSession = () => adminRequest<AdminProfile>('/api/admin/session');

export const statsQueryOptions = queryOptions({
  queryKey: ['admin', 'stats'],
  queryFn: () => adminRequest<AdminStats>('/api/admin/stats'),
});

export function usersQueryOptions(search: string, status: string) {
  const params = new URLSearchParams({ status, ...(search ? { search } : {}) });
  return queryOptions({
    queryKey: ['admin', 'users', search, status],
    queryFn: () => adminRequest<{ users: AdminUserRow[] }>(`/api/admin/users?${params.toString()}`),
  });
}

export const useAdminStats = () => useQuery(statsQueryOptions);
export const useAdminUsers = (search: string, status: string) =>
  useQuery(usersQueryOptions(search, status));

export function useAdjustCredits() {
  const queryClient = useQueryClient();
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
      adminRequest<{ balance: number; type: 'credit' | 'debit'; amount: number }>(
        `/api/admin/users/${encodeURIComponent(userId)}/credits`,
        {
          method: 'POST',
          body: {
            amount,
            ...(reason ? { reason } : {}),
            ...(customerDescription ? { customerDescription } : {}),
          },
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useSetSuspended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspended }: { userId: string; suspended: boolean }) =>
      adminRequest<{ suspended: boolean }>(
        `/api/admin/users/${encodeURIComponent(userId)}/suspension`,
        { method: 'POST', body: { suspended } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      adminRequest<void>(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const changeAdminPassword = (currentPassword: string, newPassword: string) =>
  adminRequest<void>('/api/admin/password', {
    method: 'POST',
    body: { currentPassword, newPassword },
  });

/** An admin CSV needs the admin token, so it is fetched and saved as a blob, not linked. */
export async function downloadAdminCsv(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${readAdminSession()?.token ?? ''}` },
  });
  if (!response.ok) throw new Error('CSVの出力に失敗しました');
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
    queryKey: ['admin', 'emails', status],
    queryFn: () =>
      adminRequest<{ emails: OutboxEntry[]; smtpConfigured: boolean }>(
        `/api/admin/emails?${params.toString()}`,
      ),
  });
}

export const useOutbox = (status: string) => useQuery(outboxQueryOptions(status));

export const useOutboxEmail = (id: string | null) =>
  useQuery({
    queryKey: ['admin', 'emails', 'detail', id],
    queryFn: () => adminRequest<OutboxDetail>(`/api/admin/emails/${encodeURIComponent(id!)}`),
    enabled: id !== null,
  });

export const analyticsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['admin', 'analytics', days],
    queryFn: () => adminRequest<AnalyticsSummary>(`/api/admin/analytics?days=${days}`),
  });

export const useAdminAnalytics = (days: number) => useQuery(analyticsQueryOptions(days));
