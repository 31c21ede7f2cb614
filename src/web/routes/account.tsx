import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { paths } from '../config/paths.ts';
import { DeleteAccountDialog } from '../features/account/components/delete-account-dialog.tsx';
import { EmailChangeDialog } from '../features/account/components/email-change-dialog.tsx';
import { PasswordChangeDialog } from '../features/account/components/password-change-dialog.tsx';
import { ProfileCard } from '../features/account/components/profile-card.tsx';
import { usePublicConfig } from '../features/legal/api/get-public-config.ts';
import { useSession } from '../lib/auth/session.tsx';
import { formatNumber } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function AccountRoute() {
  useDocumentTitle('アカウント設定');
  const session = useSession();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const [now] = useState(() => Date.now());
  const user = session.user;
  if (!user) {
    return <p className="mx-auto max-w-3xl px-4 py-12">ログインが必要です</p>;
  }
  // Days of use: whole days since the account was created, counting the first day.
  const daysOfUse = Math.max(
    1,
    Math.floor((now - new Date(user.createdAt).getTime()) / DAY_MS) + 1,
  );
  const stats = [
    { label: 'クレジット残高', value: formatNumber(user.credits) },
    { label: '利用日数', value: `${formatNumber(daysOfUse)}日` },
    { label: '生成したFAQ', value: `${formatNumber(user.faqCount)}件` },
  ];
  const supportEmail = config.data?.supportEmail;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold">アカウント設定</h1>
      <Card>
        <CardHeader>
          <CardTitle>プロフィール</CardTitle>
        </CardHeader>
        <CardContent>
          <ProfileCard user={user} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>ログインとセキュリティ</CardTitle>
        </CardHeader>
        <CardContent className="divide-y divide-slate-200">
          <div className="flex flex-col gap-3 pb-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <h3 className="text-sm font-medium text-slate-700">メールアドレス</h3>
              <p className="break-all text-slate-900">{user.email}</p>
            </div>
            <EmailChangeDialog currentEmail={user.email} />
          </div>
          <div className="flex flex-col gap-3 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h3 className="text-sm font-medium text-slate-700">パスワード</h3>
              <p className="text-sm text-slate-600">
                変更すると、ほかの端末ではすべてログアウトします。
              </p>
            </div>
            <PasswordChangeDialog />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>ご利用状況</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-3">
            {stats.map((stat) => (
              <div key={stat.label} className="rounded-lg bg-slate-50 p-4">
                <dt className="text-sm text-slate-600">{stat.label}</dt>
                <dd className="mt-1 text-2xl font-bold">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>サポート・規約</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 text-sm">
          <Link className="text-blue-700 underline" to={paths.terms}>
            利用規約
          </Link>
          <Link className="text-blue-700 underline" to={paths.privacy}>
            プライバシーポリシー
          </Link>
          {supportEmail && (
            <a className="text-blue-700 underline" href={`mailto:${supportEmail}`}>
              お問い合わせ（{supportEmail}）
            </a>
          )}
        </CardContent>
      </Card>
      <Button
        variant="outline"
        onClick={() => {
          void session.logout().then(() => {
            toast.success('ログアウトしました');
            void navigate(paths.home);
          });
        }}
      >
        <LogOut aria-hidden="true" className="h-4 w-4" />
        ログアウト
      </Button>
      <Card className="border-red-200">
        <CardHeader>
          <CardTitle>アカウントの削除</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4 text-sm text-slate-700">
          <p>
            アカウントを削除すると、残りのクレジットと作成したFAQは使えなくなり、元に戻せません。
          </p>
          <DeleteAccountDialog />
        </CardContent>
      </Card>
    </div>
  );
}
