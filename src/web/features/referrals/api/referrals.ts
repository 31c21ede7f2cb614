import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { referralSummarySchema } from '../../../../shared/referrals.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const referralsQueryKey = queryKeys.referrals;

export const referralsQueryOptions = queryOptions({
  queryKey: referralsQueryKey,
  queryFn: () => api.get('/api/referrals', { schema: referralSummarySchema }),
});

export function useReferrals() {
  return useQuery(referralsQueryOptions);
}

export function useCreateReferralLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/referrals', undefined, { schema: referralSummarySchema }),
    onSuccess: (summary) => queryClient.setQueryData(referralsQueryKey, summary),
  });
}
