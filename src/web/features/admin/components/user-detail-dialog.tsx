import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { AdminUserRow } from '../../../../shared/admin.ts';
import { ADMIN_CREDIT_STEP } from '../../../../shared/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useAdjustCredits } from '../api/admin-api.ts';

export function UserDetailDialog({
  user,
  onClose,
}: {
  user: AdminUserRow | null;
  onClose: () => void;
}) {
  const id = useId();
  const [amount, setAmount] = useState(0);
  const [reason, setReason] = useState('');
  const adjust = useAdjustCredits();

  async function apply() {
    if (!user || amount === 0) return;
    try {
      const result = await adjust.mutateAsync({
        userId: user.id,
        amount,
        reason: reason.trim() || undefined,
      });
      toast.success(
        result.type === 'credit'
          ? `${result.amount}クレジットを追加しました`
          : `${result.amount}クレジットを減算しました`,
        {
          description: `残高：${formatNumber(result.balance)}`,
        },
      );
      setAmount(0);
      setReason('');
      onClose();
    } catch (error) {
      toast.error('エラー', {
        description:
          error instanceof Error && error.message === 'クレジットが不足しています'
            ? 'クレジットが不足しています'
            : 'クレジット調整に失敗しました',
      });
    }
  }

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>ユーザー詳細</DialogTitle>
          <DialogDescription>{user?.email}</DialogDescription>
        </DialogHeader>
        {user && (
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-600">表示名</dt>
            <dd>{user.displayName || '—'}</dd>
            <dt className="text-slate-600">クレジット</dt>
            <dd data-testid="admin-user-credits">{formatNumber(user.credits)}</dd>
            <dt className="text-slate-600">FAQ生成数</dt>
            <dd>{user.faqCount}</dd>
            <dt className="text-slate-600">登録日</dt>
            <dd>{formatDateTime(user.createdAt)}</dd>
          </dl>
        )}
        <fieldset className="mt-4 space-y-3 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold">クレジット調整</legend>
          <div className="flex items-center gap-2">
            <Button
              variant="outline"
              size="icon"
              aria-label={`${ADMIN_CREDIT_STEP}減らす`}
              onClick={() => setAmount((value) => value - ADMIN_CREDIT_STEP)}
            >
              <Minus aria-hidden="true" className="h-4 w-4" />
            </Button>
            <Input
              aria-label="調整するクレジット数"
              type="number"
              className="w-32 text-center"
              value={amount}
              onChange={(e) => setAmount(Math.trunc(Number(e.target.value) || 0))}
            />
            <Button
              variant="outline"
              size="icon"
              aria-label={`${ADMIN_CREDIT_STEP}増やす`}
              onClick={() => setAmount((value) => value + ADMIN_CREDIT_STEP)}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-reason`}>理由（任意）</Label>
            <Input
              id={`${id}-reason`}
              placeholder="管理者による調整"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            閉じる
          </Button>
          <Button onClick={() => void apply()} disabled={amount === 0 || adjust.isPending}>
            クレジットを調整
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
