import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billingProfileSchema,
  purchaseListSchema,
  type Purchase,
} from '../../../../shared/payments.ts';
import { api, apiBlob } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const purchasesQueryKey = queryKeys.purchases;
export const billingProfileQueryKey = queryKeys.billingProfile;

export const purchasesQueryOptions = queryOptions({
  queryKey: purchasesQueryKey,
  queryFn: () => api.get('/api/payments', { schema: purchaseListSchema }),
  select: (data) => data.purchases,
});

export const billingProfileQueryOptions = queryOptions({
  queryKey: billingProfileQueryKey,
  queryFn: () => api.get('/api/account/billing-profile', { schema: billingProfileSchema }),
});

export function usePurchases() {
  return useQuery(purchasesQueryOptions);
}

export function useBillingProfile() {
  return useQuery(billingProfileQueryOptions);
}

export function useSaveBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.put('/api/account/billing-profile', { name }, { schema: billingProfileSchema }),
    onSuccess: (profile) => queryClient.setQueryData(billingProfileQueryKey, profile),
  });
}

/** The receipt is behind the bearer token, so it is fetched and handed to the browser. */
export async function downloadReceipt(purchase: Purchase): Promise<void> {
  const blob = await apiBlob(purchase.receiptUrl);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `領収書_${purchase.completedAt.slice(0, 10)}_${purchase.planName}.pdf`;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the object URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
