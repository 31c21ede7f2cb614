import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { showError } from '../../../lib/show-error.ts';
import { useResendConfirmation } from '../api/email-confirmation.ts';

/** 「確認メールを再送」, wherever an unconfirmed address is pointed out. */
export function ResendConfirmationButton({ className }: { className?: string }) {
  const resend = useResendConfirmation();
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      {...(className ? { className } : {})}
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (result) =>
            toast.success(
              result.alreadyConfirmed ? 'メールアドレスは確認済みです' : '確認メールを再送しました',
            ),
          onError: (error) => showError(error, '確認メールを再送できませんでした'),
        })
      }
    >
      確認メールを再送
    </Button>
  );
}
