import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { creditAdjustmentSchema, type AdminUserRow } from '../../../../shared/admin.ts';
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
import { formErrors } from '../../../lib/form-validation.ts';
import { showError } from '../../../lib/show-error.ts';
import { useAdjustCredits, useSetSuspended } from '../api/admin-api.ts';
import { UserHistory } from './user-history.tsx';

export function UserDetailDialog({
  user,
  onClose,
  onDelete,
}: {
  user: AdminUserRow | null;
  onClose: () => void;
  /** Asks for confirmation of the deletion (the list owns that dialog). */
  onDelete?: (user: AdminUserRow) => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {/* Keyed by user: every dialog starts at 0 for its own user, never the previous one's. */}
        {user && <UserDetail key={user.id} user={user} onClose={onClose} onDelete={onDelete} />}
      </DialogContent>
    </Dialog>
  );
}

function UserDetail({
  user,
  onClose,
  onDelete,
}: {
  user: AdminUserRow;
  onClose: () => void;
  onDelete: ((user: AdminUserRow) => void) | undefined;
}) {
  const id = useId();
  const [amount, setAmount] = useState(0);
  const [reason, setReason] = useState('');
  const [customerDescription, setCustomerDescription] = useState('');
  const adjust = useAdjustCredits();
  const suspension = useSetSuspended();

  async function apply() {
    const adjustment = {
      amount,
      reason: reason.trim() || undefined,
      customerDescription: customerDescription.trim() || undefined,
    };
    const errors = formErrors(creditAdjustmentSchema, adjustment);
    const invalid = errors.amount ?? errors.reason ?? errors.customerDescription;
    if (invalid) return showError(null, invalid, { title: 'エラー' });
    try {
      const result = await adjust.mutateAsync({ userId: user.id, ...adjustment });
      toast.success(
        result.type === 'credit'
          ? `${result.amount}クレジットを追加しました`
          : `${result.amount}クレジットを減算しました`,
        { description: `残高：${formatNumber(result.balance)}` },
      );
      onClose();
    } catch (error) {
      showError(error, 'クレジット調整に失敗しました', { title: 'エラー' });
    }
  }

  async function toggleSuspension() {
    const suspended = !user.suspended;
    try {
      await suspension.mutateAsync({ userId: user.id, suspended });
      toast.success(suspended ? '利用停止にしました' : '利用停止を解除しました', {
        description: user.email,
      });
      onClose();
    } catch (error) {
      showError(error, '利用停止の変更に失敗しました', { title: 'エラー' });
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>ユーザー詳細</DialogTitle>
        <DialogDescription className="break-all">{user.email}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-slate-600">表示名</dt>
        <dd className="break-all">{user.displayName || '—'}</dd>
        <dt className="text-slate-600">状態</dt>
        <dd data-testid="admin-user-status">{user.suspended ? '利用停止中' : '利用中'}</dd>
        <dt className="text-slate-600">クレジット</dt>
        <dd data-testid="admin-user-credits">{formatNumber(user.credits)}</dd>
        <dt className="text-slate-600">FAQ生成数</dt>
        <dd>{user.faqCount}</dd>
        <dt className="text-slate-600">登録日</dt>
        <dd>{formatDateTime(user.createdAt)}</dd>
      </dl>
      <section className="mt-4" aria-label="履歴">
        <UserHistory userId={user.id} />
      </section>
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
          <Label htmlFor={`${id}-reason`}>社内メモ（任意・お客様には表示されません）</Label>
          <Input
            id={`${id}-reason`}
            placeholder="管理者による調整"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-customer`}>お客様に表示する説明（任意）</Label>
          <Input
            id={`${id}-customer`}
            placeholder="運営による調整"
            maxLength={100}
            value={customerDescription}
            onChange={(e) => setCustomerDescription(e.target.value)}
          />
        </div>
      </fieldset>
      <fieldset className="mt-4 space-y-2 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold">アカウント</legend>
        <p className="text-sm text-slate-600">
          利用停止中はログインできず、すべてのセッションが終了します。いつでも解除できます。
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => void toggleSuspension()}
            disabled={suspension.isPending}
          >
            {user.suspended ? '利用停止を解除' : '利用停止'}
          </Button>
          {onDelete && (
            <Button variant="destructive" onClick={() => onDelete(user)}>
              削除
            </Button>
          )}
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
    </>
  );
}
