import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { useConfirmEmailChange } from '../features/account/api/confirm-email-change.ts';
import { INVALID_EMAIL_CHANGE_LINK } from '../../shared/account.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

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

/**
 * The link mailed to the new address opens here, behind sign-in: only the account that asked
 * for the change can complete it.
 */
export function ConfirmEmailChangeRoute() {
  useDocumentTitle('メールアドレス変更の確認');
  const [token] = useState(takeToken);
  const confirm = useConfirmEmailChange();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  let body: React.ReactNode;
  if (!token || confirm.isError) {
    body = (
      <div className="space-y-3">
        <p role="alert" className="text-red-700">
          {confirm.error?.message ?? INVALID_EMAIL_CHANGE_LINK}
        </p>
        <Link className="text-blue-700 underline" to={paths.account}>
          アカウント設定へ戻る
        </Link>
      </div>
    );
  } else if (confirm.isSuccess) {
    body = (
      <div role="status" className="space-y-3 text-green-800">
        <p>
          メールアドレスを <span className="break-all font-medium">{confirm.data.email}</span>{' '}
          に変更しました。次回から新しいメールアドレスでログインしてください。
        </p>
        <Link className="text-blue-700 underline" to={paths.account}>
          アカウント設定へ戻る
        </Link>
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
          <CardTitle as="h1">メールアドレス変更の確認</CardTitle>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
