import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ADMIN_INVALID_CREDENTIALS, ADMIN_LOGIN_FAILED } from '../../../shared/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { loginAdmin, loginHintQueryOptions } from '../../features/admin/api/admin-api.ts';
import { saveAdminSession } from '../../features/admin/admin-session.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function AdminLoginRoute() {
  useDocumentTitle('管理者ログイン');
  const id = useId();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const hint = useQuery(loginHintQueryOptions);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setLoading(true);
    setError(null);
    try {
      const result = await loginAdmin(username.trim(), password);
      saveAdminSession({ ...result.admin, token: result.token });
      toast.success('ログイン成功', {
        description: `${result.admin.fullName}としてログインしました`,
      });
      void navigate('/admin/dashboard', { replace: true });
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 401
          ? ADMIN_INVALID_CREDENTIALS
          : caught instanceof ApiError && caught.status === 429
            ? caught.message
            : ADMIN_LOGIN_FAILED,
      );
    } finally {
      setLoading(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle as="h1">FAQ工房 管理者ログイン</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            onSubmit={(event) => void submit(event)}
            className="space-y-4"
            aria-label="管理者ログイン"
          >
            <div className="space-y-1">
              <Label htmlFor={`${id}-user`}>ユーザー名</Label>
              <Input
                id={`${id}-user`}
                autoComplete="username"
                value={username}
                onChange={(e) => {
                  setUsername(e.target.value);
                  setError(null);
                }}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-password`}>パスワード</Label>
              <Input
                id={`${id}-password`}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError(null);
                }}
              />
            </div>
            {error && (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                {error}
              </p>
            )}
            <Button
              type="submit"
              className="w-full"
              disabled={!username.trim() || !password || loading}
            >
              {loading && <Spinner label="ログイン中" />}
              ログイン
            </Button>
          </form>
          {hint.data?.showDefaultCredentials && (
            <div
              className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              role="note"
            >
              <p className="font-semibold">初期管理者アカウント（開発環境のみ表示）</p>
              <p>
                ユーザー名：<code>{hint.data.username}</code>
              </p>
              <p>
                パスワード：<code>{hint.data.password}</code>
              </p>
              <p className="mt-1 text-xs">ログイン後、パスワードを変更してください。</p>
            </div>
          )}
          <Link to="/" className="mt-4 block text-center text-sm text-blue-700 underline">
            ユーザーサイトに戻る
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
