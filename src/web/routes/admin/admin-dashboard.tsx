import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FullScreenLoader } from '../../components/ui/spinner.tsx';
import { adminSessionQueryOptions, useAdminStats } from '../../features/admin/api/admin-api.ts';
import { readAdminSession, saveAdminSession } from '../../features/admin/admin-session.ts';
import { AdminPasswordDialog } from '../../features/admin/components/admin-password-dialog.tsx';
import { ActionLogTab } from '../../features/admin/components/action-log-tab.tsx';
import { LazyAnalyticsCharts } from '../../features/admin/components/lazy-analytics-charts.tsx';
import { OutboxTab } from '../../features/admin/components/outbox-tab.tsx';
import { SalesTab } from '../../features/admin/components/sales-tab.tsx';
import { UsersTab } from '../../features/admin/components/users-tab.tsx';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { showError } from '../../lib/show-error.ts';

// Whole labels only: a tab that does not fit moves to the next line instead of breaking a word.
const tabClass =
  'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium sm:px-4 text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

function DashboardTab({
  fullName,
  loginAt,
  role,
}: {
  fullName: string;
  loginAt: string;
  role: string;
}) {
  const stats = useAdminStats();
  useEffect(() => {
    if (stats.isError)
      showError(stats.error, '統計データの読み込みに失敗しました', { title: 'エラー' });
  }, [stats.isError, stats.error]);
  const cards = [
    { label: '総ユーザー数', value: stats.data?.totalUsers },
    { label: 'FAQ生成数', value: stats.data?.totalGenerations },
    { label: '24時間のアクティビティ', value: stats.data?.generationsLast24h },
    { label: 'アクティブユーザー', value: stats.data?.activeUsers },
  ];
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-5">
            <dt className="text-sm text-slate-600">{card.label}</dt>
            <dd className="mt-2 text-3xl font-bold" data-testid={`stat-${card.label}`}>
              {card.value === undefined ? '—' : formatNumber(card.value)}
            </dd>
          </div>
        ))}
      </dl>
      <LazyAnalyticsCharts />
      <Card>
        <CardHeader>
          <CardTitle>システム情報</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <dt className="text-slate-600">管理者</dt>
            <dd>{fullName}</dd>
            <dt className="text-slate-600">ログイン日時</dt>
            <dd>{formatDateTime(loginAt)}</dd>
            <dt className="text-slate-600">権限レベル</dt>
            <dd>{role}</dd>
            <dt className="text-slate-600">総消費クレジット</dt>
            <dd>{stats.data ? formatNumber(stats.data.totalCreditsConsumed) : '—'}</dd>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

export function AdminDashboardRoute() {
  useDocumentTitle('管理ダッシュボード');
  const navigate = useNavigate();
  const saved = readAdminSession();
  const [changingPassword, setChangingPassword] = useState(false);
  // A saved session is only trusted once the server accepts its token.
  const session = useQuery({
    ...adminSessionQueryOptions(saved?.token ?? ''),
    enabled: saved !== null,
  });
  if (!saved) return <Navigate to="/admin/login" replace />;
  if (session.isPending) return <FullScreenLoader />;
  if (session.isError) {
    saveAdminSession(null);
    return <Navigate to="/admin/login" replace />;
  }
  const admin = session.data;

  function logout() {
    saveAdminSession(null);
    toast.success('ログアウト');
    void navigate('/admin/login', { replace: true });
  }

  return (
    <div className="min-h-screen bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
          <div className="min-w-0">
            <h1 className="text-lg font-bold">FAQ工房 管理画面</h1>
            <p className="text-sm text-slate-600">
              {admin.fullName}（{admin.username}）
            </p>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setChangingPassword(true)}>
              パスワード変更
            </Button>
            <Button variant="outline" onClick={logout}>
              ログアウト
            </Button>
          </div>
        </div>
      </header>
      <AdminPasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
      <main className="mx-auto max-w-7xl px-4 py-6">
        <Tabs.Root defaultValue="dashboard">
          <Tabs.List
            aria-label="管理メニュー"
            className="mb-6 inline-flex max-w-full flex-wrap gap-1 rounded-lg bg-slate-200 p-1"
          >
            <Tabs.Trigger value="dashboard" className={tabClass}>
              ダッシュボード
            </Tabs.Trigger>
            <Tabs.Trigger value="users" className={tabClass}>
              ユーザー管理
            </Tabs.Trigger>
            <Tabs.Trigger value="sales" className={tabClass}>
              売上
            </Tabs.Trigger>
            <Tabs.Trigger value="emails" className={tabClass}>
              送信メール
            </Tabs.Trigger>
            <Tabs.Trigger value="action-log" className={tabClass}>
              操作ログ
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="dashboard">
            <DashboardTab fullName={admin.fullName} loginAt={admin.loginAt} role={admin.role} />
          </Tabs.Content>
          <Tabs.Content value="users">
            <UsersTab />
          </Tabs.Content>
          <Tabs.Content value="sales">
            <SalesTab />
          </Tabs.Content>
          <Tabs.Content value="emails">
            <OutboxTab />
          </Tabs.Content>
          <Tabs.Content value="action-log">
            <ActionLogTab />
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  );
}
