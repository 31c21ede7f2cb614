import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferralSummary } from '../../../../shared/referrals.ts';
import { api } from '../../../lib/api-client.ts';

export const referralsQueryKey = ['referrals'] as const;

export const referralsQueryOptions = queryOptions({
  queryKey: referralsQueryKey,
  queryFn: () => api.get<ReferralSummary>('/api/referrals'),
});

export function useReferrals() {
  return useQuery(referralsQueryOptions);
}

export function useCreateReferralLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReferralSummary>('/api/referrals'),
    onSuccess: (summary) => queryClient.setQueryData(referralsQueryKey, summary),
  });
}
