import { Button } from '../../../components/ui/button.tsx';
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
      onClick={() => resend.mutate()}
    >
      確認メールを再送
    </Button>
  );
}
