import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { meQueryKey } from '../../../lib/auth/session.tsx';
import { creditsQueryKey } from '../api/get-credits.ts';
import { confirmPaymentReturn } from '../api/confirm-payment-return.ts';

export const AWAITING_PAYMENT_MESSAGE =
  'お支払いの手続きを受け付けました。コンビニ・銀行振込のお支払いが確認できしだいクレジットを付与し、メールでお知らせします';
const POLL_MS = 1000;
const MAX_POLLS = 60;

/**
 * Back from checkout with ?success=true&plan=…&session_id=…: the server confirms that very
 * checkout session and says whether to announce it. The toast appears once per session, after
 * crediting (the webhook may arrive a moment after the redirect); a reload, the back button
 * or a bookmark of the same address shows nothing. The URL is then replaced with /credits.
 */
export function usePaymentReturn(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const success = params.get('success') === 'true';
  const sessionId = params.get('session_id');

  useEffect(() => {
    if (!success || handled.current) return;
    handled.current = true;
    let cancelled = false;
    void (async () => {
      // Without a real session id (an old link, an unfilled placeholder) nothing is announced.
      const id = sessionId && !sessionId.startsWith('{') ? sessionId : null;
      for (let attempt = 0; id && attempt < MAX_POLLS && !cancelled; attempt++) {
        try {
          const result = await confirmPaymentReturn(id);
          if (result.status === 'completed') {
            if (result.notify) toast.success('お支払いが完了し、クレジットが付与されました');
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: meQueryKey }),
              queryClient.invalidateQueries({ queryKey: creditsQueryKey }),
            ]);
            break;
          }
          if (result.status === 'awaiting_payment') {
            toast.info(AWAITING_PAYMENT_MESSAGE, { duration: 10_000 });
            break;
          }
          if (result.status !== 'pending') break;
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
  }, [success, sessionId, navigate, queryClient]);
}
