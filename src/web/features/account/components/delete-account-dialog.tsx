import { Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  DELETE_ACCOUNT_CONFIRMATION,
  deleteAccountRequestSchema,
  WRONG_CURRENT_PASSWORD,
} from '../../../../shared/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { useSession } from '../../../lib/auth/session.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import { messageOf, TextField, validate, type FieldErrors } from './form-fields.tsx';

export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          アカウントを削除
        </Button>
      </DialogTrigger>
      <DialogContent>{open && <DeleteAccountForm onCancel={() => setOpen(false)} />}</DialogContent>
    </Dialog>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const session = useSession();
  const [currentPassword, setCurrentPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const remove = useDeleteAccount();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validate(deleteAccountRequestSchema, {
      currentPassword,
      confirmation: confirmation.trim(),
    });
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await remove.mutateAsync(checked.data);
    } catch (error) {
      const message = messageOf(error);
      if (message === WRONG_CURRENT_PASSWORD) setErrors({ currentPassword: message });
      else setFormError(message);
      return;
    }
    // Leave the signed-in screen before forgetting the tokens: signed out on /account, the
    // sign-in guard would send the visitor to /auth instead (the home page loads lazily).
    await navigate(paths.home, { replace: true });
    // The server has ended every session already; this tab forgets its tokens.
    await session.logout();
    toast.success('アカウントを削除しました。ご利用ありがとうございました');
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <DialogHeader>
        <DialogTitle>アカウントを削除しますか？</DialogTitle>
        <DialogDescription>
          この操作は取り消せません。残りのクレジットと作成したFAQは使えなくなり、すべての端末でログアウトします。
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          メールアドレス・表示名などの個人情報は削除されます。購入履歴と領収書の記録は、法令に基づき保存されます。
        </p>
        <TextField
          id={`${id}-password`}
          label="現在のパスワード"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={errors.currentPassword}
        />
        <TextField
          id={`${id}-confirmation`}
          label={`確認のため「${DELETE_ACCOUNT_CONFIRMATION}」と入力してください`}
          autoComplete="off"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.confirmation}
        />
        {formError && (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          キャンセル
        </Button>
        <Button
          type="submit"
          variant="destructive"
          disabled={remove.isPending || confirmation.trim() !== DELETE_ACCOUNT_CONFIRMATION}
        >
          {remove.isPending ? '削除しています…' : '削除する'}
        </Button>
      </DialogFooter>
    </form>
  );
}
