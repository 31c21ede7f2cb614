import { Link } from 'react-router';
import { LinkTokenCard } from '../components/link-token-card.tsx';
import { paths } from '../config/paths.ts';
import { useConfirmEmailChange } from '../features/account/api/confirm-email-change.ts';
import { INVALID_EMAIL_CHANGE_LINK } from '../../shared/account.ts';

function Failed({ message }: { message: string }) {
  return (
    <div className="space-y-3">
      <p role="alert" className="text-red-700">
        {message}
      </p>
      <Link className="text-blue-700 underline" to={paths.account}>
        アカウント設定へ戻る
      </Link>
    </div>
  );
}

/**
 * The link mailed to the new address opens here, behind sign-in: only the account that asked
 * for the change can complete it.
 */
export function ConfirmEmailChangeRoute() {
  return (
    <LinkTokenCard
      title="メールアドレス変更の確認"
      request={useConfirmEmailChange()}
      missing={<Failed message={INVALID_EMAIL_CHANGE_LINK} />}
      failure={(error) => <Failed message={error.message} />}
      success={(data) => (
        <div role="status" className="space-y-3 text-green-800">
          <p>
            メールアドレスを <span className="break-all font-medium">{data.email}</span>{' '}
            に変更しました。次回から新しいメールアドレスでログインしてください。
          </p>
          <Link className="text-blue-700 underline" to={paths.account}>
            アカウント設定へ戻る
          </Link>
        </div>
      )}
    />
  );
}
