import { ResendConfirmationButton } from './resend-confirmation-button.tsx';

/** Shown to signed-in users whose address is not confirmed yet; the bonus and the AI models wait for it (ADR 025). */
export function ConfirmEmailBanner({ email }: { email: string }) {
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
        <ResendConfirmationButton />
      </div>
    </div>
  );
}
