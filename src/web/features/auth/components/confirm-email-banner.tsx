import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { useResendConfirmation } from '../api/email-confirmation.ts';
import { showError } from '../../../lib/show-error.ts';

/** Shown to signed-in users whose address is not confirmed yet; the bonus and the AI models wait for it (ADR 025). */
export function ConfirmEmailBanner({ email }: { email: string }) {
  const resend = useResendConfirmation();
  return (
    <div
      role="status"
      data-testid="confirm-email-banner"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
        <p>
          {email}{' '}
          宛ての確認メールのリンクを開くと、メールアドレスの確認が完了し、登録特典のクレジットが付与され、AIモデルを使う機能もご利用いただけるようになります。
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (result) =>
                toast.success(
                  result.alreadyConfirmed
                    ? 'メールアドレスは確認済みです'
                    : '確認メールを再送しました',
                ),
              onError: (error) => showError(error, '確認メールを再送できませんでした'),
            })
          }
        >
          確認メールを再送
        </Button>
      </div>
    </div>
  );
}
