import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import { adminPasswordSchema } from '../../../../shared/admin.ts';
import { formErrors } from '../../../lib/form-validation.ts';
import { errorMessage } from '../../../lib/show-error.ts';
import { changeAdminPassword } from '../api/admin-api.ts';

/** The administrator's own password; changing it signs out every other admin session. */
export function AdminPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>{open && <PasswordForm onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

function PasswordForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = formErrors(adminPasswordSchema, { currentPassword: current, newPassword: next });
    const invalid = errors.currentPassword ?? errors.newPassword;
    if (invalid) return setError(invalid);
    // The one rule the server cannot check: both entries of the new password agree.
    if (next !== confirm) return setError('新しいパスワードが一致しません');
    setError(null);
    setPending(true);
    try {
      await changeAdminPassword(current, next);
      toast.success('パスワードを変更しました', {
        description: 'ほかの端末の管理者セッションは終了しました',
      });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'パスワードの変更に失敗しました'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form aria-label="パスワード変更" onSubmit={(event) => void submit(event)} noValidate>
      <DialogHeader>
        <DialogTitle>パスワード変更</DialogTitle>
        <DialogDescription>
          変更すると、この画面以外でログイン中の管理者セッションはすべて終了します。
        </DialogDescription>
      </DialogHeader>
      <div className="mt-4 space-y-3">
        <div className="space-y-1">
          <Label htmlFor={`${id}-current`}>現在のパスワード</Label>
          <Input
            id={`${id}-current`}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-next`}>新しいパスワード（8文字以上）</Label>
          <Input
            id={`${id}-next`}
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-confirm`}>新しいパスワード（確認）</Label>
          <Input
            id={`${id}-confirm`}
            type="password"
            autoComplete="new-password"
            value={confirm}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
      <DialogFooter className="mt-4">
        <Button type="button" variant="outline" onClick={onClose}>
          キャンセル
        </Button>
        <Button type="submit" disabled={pending || current === '' || next === ''}>
          変更する
        </Button>
      </DialogFooter>
    </form>
  );
}
