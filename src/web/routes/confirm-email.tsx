import { Link } from 'react-router';
import { LinkTokenCard } from '../components/link-token-card.tsx';
import { paths } from '../config/paths.ts';
import { useConfirmEmail } from '../features/auth/api/email-confirmation.ts';
import { useSession } from '../lib/auth/session.tsx';
import { formatNumber } from '../lib/format.ts';
import { errorMessage } from '../lib/show-error.ts';

/** The link in the confirmation mail opens here; it works signed in or not, in any browser. */
export function ConfirmEmailRoute() {
  const session = useSession();
  return (
    <LinkTokenCard
      title="メールアドレスの確認"
      request={useConfirmEmail()}
      missing={
        <p role="alert" className="text-red-700">
          確認リンクが無効か有効期限が切れています
        </p>
      }
      failure={(error) => (
        <div className="space-y-3">
          <p role="alert" className="text-red-700">
            {errorMessage(error, 'メールアドレスを確認できませんでした')}
          </p>
          <p className="text-sm text-slate-600">
            ログイン後、画面上部の「確認メールを再送」から新しいリンクを受け取れます。
          </p>
        </div>
      )}
      success={(data) => (
        <div role="status" className="space-y-3 text-green-800">
          <p>
            {data.alreadyConfirmed
              ? 'このメールアドレスは確認済みです。'
              : data.creditsGranted > 0
                ? `メールアドレスの確認が完了しました。登録特典として${formatNumber(data.creditsGranted)}クレジットを付与しました。`
                : 'メールアドレスの確認が完了しました。このメールアドレスは以前に登録特典を受け取っているため、今回クレジットの付与はありません（登録特典は1つのメールアドレスにつき1回です）。'}
          </p>
          <Link className="underline" to={session.user ? paths.generate : paths.auth}>
            {session.user ? 'FAQを作成する' : 'ログインする'}
          </Link>
        </div>
      )}
    />
  );
}
