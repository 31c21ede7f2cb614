import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../../shared/messages.ts';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { formatNumber } from '../../../lib/format.ts';

/**
 * docs/spec.md §5 「クレジットが不足しています」, with what is missing and where to get credits. The
 * links open a new tab so the questions and their selection stay on this page.
 *
 * `refused`: the server has just refused the answer run. The box sits below the list, and the
 * page has re-rendered from the top by then, so it is brought into view and takes focus
 * (a screen reader reads it, the keyboard continues from it) instead of leaving a user who
 * pressed the button looking at the top of the page.
 */
export function CreditShortfall({
  needed,
  balance,
  refused = false,
  confirmPrompt = null,
}: {
  needed: number;
  balance: number;
  refused?: boolean;
  /** For an unconfirmed address: the sign-up credits come with confirming it, before buying. */
  confirmPrompt?: ReactNode;
}) {
  const missing = Math.max(needed - balance, 0);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!refused || !box.current) return;
    // Optional: not every environment that renders the box can scroll (jsdom cannot).
    box.current.scrollIntoView?.({ block: 'center' });
    box.current.focus({ preventScroll: true });
  }, [refused]);
  return (
    <div
      ref={box}
      role="alert"
      tabIndex={-1}
      data-testid="credit-shortfall"
      className="scroll-mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500"
    >
      <p className="font-semibold">{MESSAGES.insufficientCredits}</p>
      <p className="mt-1 text-sm">
        必要なクレジット {formatNumber(needed)} ／ 残高 {formatNumber(balance)}
        {missing > 0 && `（${formatNumber(missing)}クレジット不足）`}
        。選択した質問はそのまま残ります。クレジットを追加するか、選択する質問を減らしてください。
      </p>
      {confirmPrompt && <div className="mt-3">{confirmPrompt}</div>}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Link
          to={paths.pricing}
          target="_blank"
          rel="noopener"
          className={buttonVariants({ size: 'sm', variant: confirmPrompt ? 'outline' : 'default' })}
        >
          クレジットを購入（新しいタブ）
        </Link>
        <Link
          to={paths.referrals}
          target="_blank"
          rel="noopener"
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          友達紹介で無料クレジットを獲得（新しいタブ）
        </Link>
      </div>
    </div>
  );
}
