import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatNumber, formatYen } from '../../../lib/format.ts';
import type { PurchaseFlow } from '../hooks/use-purchase-flow.ts';

export function PurchaseDialog({ flow }: { flow: PurchaseFlow }) {
  const plan = flow.plan;
  return (
    <Dialog open={plan !== null} onOpenChange={(open) => !open && !flow.processing && flow.close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{plan ? `${plan.name}プランを購入` : 'プランを購入'}</DialogTitle>
          <DialogDescription>
            お支払い画面は新しいタブで開きます。お支払いが確認されると、ただちにクレジットが付与されます。
          </DialogDescription>
        </DialogHeader>
        {plan && (
          <dl className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 text-sm">
            <dt className="text-slate-600">金額（税込）</dt>
            <dd className="text-right font-semibold">{formatYen(plan.priceYen)}</dd>
            <dt className="text-slate-600">付与クレジット</dt>
            <dd className="text-right font-semibold">{formatNumber(plan.credits)}クレジット</dd>
          </dl>
        )}
        <p className="mt-3 text-xs text-slate-500">
          購入後の返金はできません。詳しくは
          {/* A new tab: the dialog and the chosen plan stay where they are. */}
          <Link
            to={paths.legal}
            target="_blank"
            rel="noopener"
            className="text-blue-700 underline underline-offset-2"
          >
            特定商取引法に基づく表記（新しいタブで開きます）
          </Link>
          をご確認ください。
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={flow.close} disabled={flow.processing}>
            キャンセル
          </Button>
          <Button onClick={() => void flow.buy()} disabled={flow.processing}>
            {flow.processing ? (
              <>
                <Spinner label="処理中" />
                処理中…
              </>
            ) : (
              '購入する'
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
