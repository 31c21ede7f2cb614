import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { emailChangeRequestSchema } from '../../../../shared/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { useRequestEmailChange } from '../api/request-email-change.ts';
import { AccountDialog, AccountDialogForm, useAccountFormErrors } from './dialog-form.tsx';
import { CurrentPasswordField, TextField, validate } from './form-fields.tsx';

export function EmailChangeDialog({ currentEmail }: { currentEmail: string }) {
  return (
    <AccountDialog
      trigger={
        <Button variant="outline" size="sm">
          <Mail aria-hidden="true" className="h-4 w-4" />
          メールアドレスを変更
        </Button>
      }
    >
      {(close) => <EmailChangeForm currentEmail={currentEmail} onDone={close} />}
    </AccountDialog>
  );
}

function EmailChangeForm({ currentEmail, onDone }: { currentEmail: string; onDone: () => void }) {
  const id = useId();
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const { errors, formError, send } = useAccountFormErrors();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestEmailChange();

  async function submit() {
    const checked = validate(emailChangeRequestSchema, { newEmail, currentPassword });
    const sent = await send(checked, async (data) => {
      await request.mutateAsync(data);
      setSentTo(data.newEmail);
    });
    if (sent) toast.success('確認メールを送信しました');
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
    <AccountDialogForm
      title="メールアドレスの変更"
      description="新しいメールアドレスに確認メールを送ります。メール内のリンクを開くと変更が完了します。"
      formError={formError}
      onSubmit={submit}
      onCancel={onDone}
      submit={{
        label: '確認メールを送信',
        pendingLabel: '送信しています…',
        pending: request.isPending,
      }}
    >
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
      <CurrentPasswordField
        id={`${id}-password`}
        value={currentPassword}
        onChange={setCurrentPassword}
        error={errors.currentPassword}
      />
    </AccountDialogForm>
  );
}
