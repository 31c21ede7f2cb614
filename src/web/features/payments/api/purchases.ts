import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingProfile, Purchase } from '../../../../shared/payments.ts';
import { api, apiBlob } from '../../../lib/api-client.ts';

export const purchasesQueryKey = ['purchases'] as const;
export const billingProfileQueryKey = ['billing-profile'] as const;

export function usePurchases() {
  return useQuery({
    queryKey: purchasesQueryKey,
    queryFn: () => api.get<{ purchases: Purchase[] }>('/api/payments'),
    select: (data) => data.purchases,
  });
}

export function useBillingProfile() {
  return useQuery({
    queryKey: billingProfileQueryKey,
    queryFn: () => api.get<BillingProfile>('/api/account/billing-profile'),
  });
}

export function useSaveBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.put<BillingProfile>('/api/account/billing-profile', { name }),
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
