import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { meQueryKey } from '../../../lib/auth/session.tsx';
import { creditsQueryKey } from '../api/get-credits.ts';
import { getPurchaseStatus } from '../api/get-purchase-status.ts';

const POLL_MS = 1000;
const MAX_POLLS = 60;

/**
 * Back from checkout with ?success=true&plan=…: the toast appears only once the server shows
 * the purchase credited (the webhook may arrive a moment after the redirect), then the URL is
 * replaced with /credits.
 */
export function usePaymentReturn(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const success = params.get('success') === 'true';
  const plan = params.get('plan');

  useEffect(() => {
    if (!success || !plan || handled.current) return;
    handled.current = true;
    let cancelled = false;
    void (async () => {
      for (let attempt = 0; attempt < MAX_POLLS && !cancelled; attempt++) {
        try {
          const status = await getPurchaseStatus(plan);
          if (status.status === 'completed') {
            toast.success('お支払いが完了し、クレジットが付与されました');
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: meQueryKey }),
              queryClient.invalidateQueries({ queryKey: creditsQueryKey }),
            ]);
            break;
          }
          if (status.status === 'none') break;
        } catch {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      if (!cancelled) void navigate('/credits', { replace: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [success, plan, navigate, queryClient]);
}
