import { SIGNUP_BONUS_CREDITS } from '../../../../shared/limits.ts';
import { formatNumber } from '../../../lib/format.ts';
import { ResendConfirmationButton } from './resend-confirmation-button.tsx';

/** The words of the prompt, shared by every place that would otherwise send the user to buy. */
export const CONFIRM_FOR_CREDITS = `メールアドレスを確認すると${formatNumber(SIGNUP_BONUS_CREDITS)}クレジット`;

/**
 * Where a user with an unconfirmed address would be told to buy: the sign-up credits wait
 * only for the confirmation link, so that comes first (one bonus per mailbox, ADR 023).
 */
export function ConfirmForCredits({
  email,
  compact = false,
}: {
  email: string;
  compact?: boolean;
}) {
  return (
    <div
      data-testid="confirm-for-credits"
      className={
        compact
          ? 'flex flex-col gap-2 sm:flex-row sm:items-center'
          : 'space-y-2 rounded-md border border-blue-200 bg-blue-50 p-3 text-blue-950'
      }
    >
      <p className="text-sm">
        <strong>{CONFIRM_FOR_CREDITS}</strong>
        {compact
          ? '（1つのアドレスにつき1回）'
          : `を進呈します（1つのメールアドレスにつき1回）。${email} 宛ての確認メールのリンクを開いてください。`}
      </p>
      <ResendConfirmationButton className="shrink-0" />
    </div>
  );
}
