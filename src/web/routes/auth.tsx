import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { paths } from '../config/paths.ts';
import {
  useRequestPasswordReset,
  useSignIn,
  useSignUp,
} from '../features/auth/api/auth-requests.ts';
import {
  CredentialsForm,
  PasswordResetRequestForm,
} from '../features/auth/components/auth-forms.tsx';
import { REFERRAL_STORAGE_KEY, safeRedirectPath, useSession } from '../lib/auth/session.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { errorMessage } from '../lib/show-error.ts';

const NOT_SIGNED_IN =
  'ログインを完了できませんでした。メールアドレス宛てのご案内をご確認のうえ、ログインしてください。';

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

export function AuthRoute() {
  useDocumentTitle('ログイン / 新規登録');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirectPath(params.get('redirect_url'));
  const [tab, setTab] = useState(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const [forgot, setForgot] = useState(false);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const reset = useRequestPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);

  if (session.user && !finishing) return <Navigate to={target} replace />;

  async function complete(request: Promise<Parameters<typeof session.establish>[0]>) {
    setError(null);
    let tokens: Parameters<typeof session.establish>[0];
    try {
      tokens = await request;
    } catch (caught) {
      setError(errorMessage(caught, 'エラーが発生しました。もう一度お試しください'));
      return;
    }
    try {
      setFinishing(true);
      await session.establish(tokens);
      sessionStorage.removeItem(REFERRAL_STORAGE_KEY);
      void navigate(target, { replace: true });
    } catch {
      // A session lost between the answer and its first use (revoked, or the server restarted
      // with another secret): the words send the user to their mail and to signing in.
      setFinishing(false);
      await session.logout();
      // A toast: this page is replaced by the loading screen while the session is checked.
      toast.error(NOT_SIGNED_IN, { duration: 10_000 });
      setError(NOT_SIGNED_IN);
    }
  }

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">
            {forgot
              ? 'パスワードの再設定'
              : tab === 'signup'
                ? 'FAQ工房に新規登録（無料）'
                : 'FAQ工房にログイン'}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {forgot ? (
            <div className="space-y-4">
              <PasswordResetRequestForm
                pending={reset.isPending}
                sent={reset.isSuccess}
                serverError={
                  reset.error ? errorMessage(reset.error, 'メールを送信できませんでした') : null
                }
                onSubmit={(email) => reset.mutate(email)}
              />
              <button
                type="button"
                className="text-sm text-blue-700 underline"
                onClick={() => setForgot(false)}
              >
                ログインに戻る
              </button>
            </div>
          ) : (
            <Tabs.Root
              value={tab}
              onValueChange={(value) => {
                setError(null);
                setTab(value);
              }}
            >
              <Tabs.List
                aria-label="ログインまたは新規登録"
                className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1"
              >
                <Tabs.Trigger value="signin" className={tabClass}>
                  ログイン
                </Tabs.Trigger>
                <Tabs.Trigger value="signup" className={tabClass}>
                  新規登録
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="signin" className="space-y-4">
                <CredentialsForm
                  mode="signin"
                  pending={signIn.isPending || finishing}
                  serverError={error}
                  onSubmit={({ email, password }) =>
                    void complete(signIn.mutateAsync({ email, password }))
                  }
                />
                <button
                  type="button"
                  className="text-sm text-blue-700 underline"
                  onClick={() => {
                    setError(null);
                    setForgot(true);
                  }}
                >
                  パスワードをお忘れの方
                </button>
              </Tabs.Content>
              <Tabs.Content value="signup" className="space-y-4">
                <p className="rounded-md bg-blue-50 p-3 text-sm text-blue-900">
                  登録してメールアドレスを確認すると、50クレジット（FAQ50件分）を進呈します。
                </p>
                <CredentialsForm
                  mode="signup"
                  pending={signUp.isPending || finishing}
                  serverError={error}
                  onSubmit={({ email, password, displayName }) => {
                    const ref = sessionStorage.getItem(REFERRAL_STORAGE_KEY) ?? undefined;
                    void complete(
                      signUp.mutateAsync({
                        email,
                        password,
                        ...(displayName ? { displayName } : {}),
                        ...(ref ? { ref } : {}),
                      }),
                    );
                  }}
                />
                <p className="text-xs text-slate-500">
                  登録することで
                  <Link className="underline" to={paths.terms}>
                    利用規約
                  </Link>
                  と
                  <Link className="underline" to={paths.privacy}>
                    プライバシーポリシー
                  </Link>
                  に同意したものとみなされます。
                </p>
              </Tabs.Content>
            </Tabs.Root>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
