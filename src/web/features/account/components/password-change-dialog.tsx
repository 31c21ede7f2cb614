import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { changePasswordRequestSchema, WRONG_CURRENT_PASSWORD } from '../../../../shared/account.ts';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { messageOf, TextField, validate, type FieldErrors } from './form-fields.tsx';

export function PasswordChangeDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          パスワードを変更
        </Button>
      </DialogTrigger>
      <DialogContent>
        {/* Mounted only while open: a closed dialog keeps no typed password. */}
        {open && <PasswordChangeForm onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PasswordChangeForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validate(changePasswordRequestSchema, { currentPassword, newPassword });
    const mismatch =
      newPassword !== confirmPassword ? { confirmPassword: '新しいパスワードが一致しません' } : {};
    if (checked.errors || mismatch.confirmPassword) {
      setErrors({ ...checked.errors, ...mismatch });
      return;
    }
    setErrors({});
    try {
      await change.mutateAsync(checked.data);
      toast.success('パスワードを変更しました。ほかの端末ではログアウトしました');
      onDone();
    } catch (error) {
      const message = messageOf(error);
      if (message === WRONG_CURRENT_PASSWORD) setErrors({ currentPassword: message });
      else setFormError(message);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <DialogHeader>
        <DialogTitle>パスワードの変更</DialogTitle>
        <DialogDescription>
          変更すると、この画面以外のすべての端末でログアウトします。
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-4">
        <TextField
          id={`${id}-current`}
          label="現在のパスワード"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={errors.currentPassword}
        />
        <TextField
          id={`${id}-new`}
          label="新しいパスワード"
          type="password"
          autoComplete="new-password"
          hint={`${PASSWORD_MIN_LENGTH}文字以上で入力してください`}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          error={errors.newPassword}
        />
        <TextField
          id={`${id}-confirm`}
          label="新しいパスワード（確認）"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={errors.confirmPassword}
        />
        {formError && (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          キャンセル
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? '変更しています…' : '変更する'}
        </Button>
      </DialogFooter>
    </form>
  );
}
