import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { emailChangeRequestSchema, WRONG_CURRENT_PASSWORD } from '../../../../shared/account.ts';
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
import { useRequestEmailChange } from '../api/request-email-change.ts';
import { messageOf, TextField, validate, type FieldErrors } from './form-fields.tsx';

export function EmailChangeDialog({ currentEmail }: { currentEmail: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Mail aria-hidden="true" className="h-4 w-4" />
          メールアドレスを変更
        </Button>
      </DialogTrigger>
      <DialogContent>
        {open && <EmailChangeForm currentEmail={currentEmail} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EmailChangeForm({ currentEmail, onDone }: { currentEmail: string; onDone: () => void }) {
  const id = useId();
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestEmailChange();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validate(emailChangeRequestSchema, { newEmail, currentPassword });
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await request.mutateAsync(checked.data);
      setSentTo(checked.data.newEmail);
      toast.success('確認メールを送信しました');
    } catch (error) {
      const message = messageOf(error);
      if (message === WRONG_CURRENT_PASSWORD) setErrors({ currentPassword: message });
      else setFormError(message);
    }
  }

  if (sentTo) {
    return (
      <div>
        <DialogHeader>
          <DialogTitle>確認メールを送信しました</DialogTitle>
          <DialogDescription>
            <span className="break-all">{sentTo}</span>{' '}
            宛てに確認メールを送信しました。メール内のリンクを24時間以内に開くと、変更が完了します。
          </DialogDescription>
        </DialogHeader>
        <p role="status" className="text-sm text-slate-700">
          リンクを開くまでは、現在のメールアドレスでログインしてください。
        </p>
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            閉じる
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <DialogHeader>
        <DialogTitle>メールアドレスの変更</DialogTitle>
        <DialogDescription>
          新しいメールアドレスに確認メールを送ります。メール内のリンクを開くと変更が完了します。
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          現在のメールアドレス: <span className="break-all font-medium">{currentEmail}</span>
        </p>
        <TextField
          id={`${id}-email`}
          label="新しいメールアドレス"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          error={errors.newEmail}
        />
        <TextField
          id={`${id}-password`}
          label="現在のパスワード"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={errors.currentPassword}
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
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? '送信しています…' : '確認メールを送信'}
        </Button>
      </DialogFooter>
    </form>
  );
}
