import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { changePasswordRequestSchema } from '../../../../shared/account.ts';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { AccountDialog, AccountDialogForm, useAccountFormErrors } from './dialog-form.tsx';
import { CurrentPasswordField, TextField, validate } from './form-fields.tsx';

export function PasswordChangeDialog() {
  return (
    <AccountDialog
      trigger={
        <Button variant="outline" size="sm">
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          パスワードを変更
        </Button>
      }
    >
      {(close) => <PasswordChangeForm onDone={close} />}
    </AccountDialog>
  );
}

function PasswordChangeForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, formError, send } = useAccountFormErrors();
  const change = useChangePassword();

  async function submit() {
    const checked = validate(changePasswordRequestSchema, { currentPassword, newPassword });
    const mismatch =
      newPassword !== confirmPassword
        ? { confirmPassword: '新しいパスワードが一致しません' }
        : null;
    const sent = await send(
      mismatch ? { errors: { ...checked.errors, ...mismatch } } : checked,
      (data) => change.mutateAsync(data),
    );
    if (!sent) return;
    toast.success('パスワードを変更しました。ほかの端末ではログアウトしました');
    onDone();
  }

  return (
    <AccountDialogForm
      title="パスワードの変更"
      description="変更すると、この画面以外のすべての端末でログアウトします。"
      formError={formError}
      onSubmit={submit}
      onCancel={onDone}
      submit={{ label: '変更する', pendingLabel: '変更しています…', pending: change.isPending }}
    >
      <CurrentPasswordField
        id={`${id}-current`}
        value={currentPassword}
        onChange={setCurrentPassword}
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
    </AccountDialogForm>
  );
}
