import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { useConfirmEmail } from '../features/auth/api/email-confirmation.ts';
import { useSession } from '../lib/auth/session.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { errorMessage } from '../lib/show-error.ts';

/** The token is read once and removed from the address bar (history, shared screenshots). */
function takeToken(): string {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token') ?? '';
  if (token) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  }
  return token;
}

/** The link in the confirmation mail opens here; it works signed in or not, in any browser. */
export function ConfirmEmailRoute() {
  useDocumentTitle('メールアドレスの確認');
  const session = useSession();
  const [token] = useState(takeToken);
  const confirm = useConfirmEmail();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  let body: React.ReactNode;
  if (!token) {
    body = (
      <p role="alert" className="text-red-700">
        確認リンクが無効か有効期限が切れています
      </p>
    );
  } else if (confirm.isSuccess) {
    body = (
      <div role="status" className="space-y-3 text-green-800">
        <p>
          {confirm.data.alreadyConfirmed
            ? 'このメールアドレスは確認済みです。'
            : 'メールアドレスの確認が完了しました。登録特典のクレジットを付与しました。'}
        </p>
        <Link className="underline" to={session.user ? paths.generate : paths.auth}>
          {session.user ? 'FAQを作成する' : 'ログインする'}
        </Link>
      </div>
    );
  } else if (confirm.isError) {
    body = (
      <div className="space-y-3">
        <p role="alert" className="text-red-700">
          {errorMessage(confirm.error, 'メールアドレスを確認できませんでした')}
        </p>
        <p className="text-sm text-slate-600">
          ログイン後、画面上部の「確認メールを再送」から新しいリンクを受け取れます。
        </p>
      </div>
    );
  } else {
    body = (
      <p className="flex items-center gap-2 text-slate-600">
        <Spinner label="確認中" />
        確認しています…
      </p>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">メールアドレスの確認</CardTitle>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
