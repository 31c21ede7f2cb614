import { Link } from 'react-router';
import { MESSAGES } from '../../../../shared/messages.ts';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { formatNumber } from '../../../lib/format.ts';

/**
 * Spec §5 「クレジットが不足しています」, with what is missing and where to get credits. The
 * links open a new tab so the questions and their selection stay on this page.
 */
export function CreditShortfall({ needed, balance }: { needed: number; balance: number }) {
  const missing = Math.max(needed - balance, 0);
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{MESSAGES.insufficientCredits}</p>
      <p className="mt-1 text-sm">
        必要なクレジット {formatNumber(needed)} ／ 残高 {formatNumber(balance)}
        {missing > 0 && `（${formatNumber(missing)}クレジット不足）`}
        。選択した質問はそのまま残ります。クレジットを追加するか、選択する質問を減らしてください。
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Link
          to={paths.pricing}
          target="_blank"
          rel="noopener"
          className={buttonVariants({ size: 'sm' })}
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
