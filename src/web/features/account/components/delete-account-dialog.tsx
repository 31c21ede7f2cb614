import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  DELETE_ACCOUNT_CONFIRMATION,
  deleteAccountRequestSchema,
} from '../../../../shared/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/auth/session.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useDeletionPreview } from '../api/deletion-preview.ts';
import { AccountDialog, AccountDialogForm, useAccountFormErrors } from './dialog-form.tsx';
import { CurrentPasswordField, TextField, validate } from './form-fields.tsx';

export function DeleteAccountDialog() {
  return (
    <AccountDialog
      trigger={
        <Button variant="destructive">
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          アカウントを削除
        </Button>
      }
    >
      {(close) => <DeleteAccountForm onCancel={close} />}
    </AccountDialog>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const session = useSession();
  const [currentPassword, setCurrentPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { errors, formError, send } = useAccountFormErrors();
  const remove = useDeleteAccount();
  const preview = useDeletionPreview();

  async function submit() {
    const checked = validate(deleteAccountRequestSchema, {
      currentPassword,
      confirmation: confirmation.trim(),
    });
    if (!(await send(checked, (data) => remove.mutateAsync(data)))) return;
    // Leave the signed-in screen before forgetting the tokens: signed out on /account, the
    // sign-in guard would send the visitor to /auth instead (the home page loads lazily).
    await navigate(paths.home, { replace: true });
    // The server has ended every session already; this tab forgets its tokens.
    await session.logout();
    toast.success('アカウントを削除しました。ご利用ありがとうございました');
  }

  return (
    <AccountDialogForm
      title="アカウントを削除しますか？"
      description="この操作は取り消せません。残りのクレジットと作成したFAQは使えなくなり、すべての端末でログアウトします。"
      formError={formError}
      onSubmit={submit}
      onCancel={onCancel}
      submit={{
        label: '削除する',
        pendingLabel: '削除しています…',
        pending: remove.isPending,
        disabled: confirmation.trim() !== DELETE_ACCOUNT_CONFIRMATION,
        destructive: true,
      }}
    >
      <CreditsGivenUp preview={preview} />
      <p className="text-sm text-slate-700">
        メールアドレス・表示名などの個人情報は削除されます。購入履歴と領収書の記録は、法令に基づき保存されます。
      </p>
      <CurrentPasswordField
        id={`${id}-password`}
        value={currentPassword}
        onChange={setCurrentPassword}
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
    </AccountDialogForm>
  );
}

/** What is lost, in figures from the server: above all the credits that were paid for. */
function CreditsGivenUp({ preview }: { preview: ReturnType<typeof useDeletionPreview> }) {
  if (preview.isPending)
    return <p className="text-sm text-slate-700">残りのクレジットを確認しています…</p>;
  if (!preview.data)
    return (
      <p className="text-sm text-slate-700">
        残りのクレジットを確認できませんでした。削除すると、購入したものも含めて残りのクレジットはすべて失われ、返金されません。
      </p>
    );
  const { credits, paidCredits } = preview.data;
  if (credits === 0) return null;
  return (
    <p
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900"
      data-testid="deletion-credits"
    >
      {paidCredits > 0
        ? `残りの${formatNumber(credits)}クレジットが失われます。うち${formatNumber(paidCredits)}クレジットは購入したもので、返金されません。`
        : `残りの${formatNumber(credits)}クレジット（無料で受け取ったもの）が失われます。`}
    </p>
  );
}
