import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { FieldError, Input, Label } from '../components/ui/input.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { useConfirmPasswordReset } from '../features/auth/api/auth-requests.ts';
import { passwordResetConfirmSchema } from '../../shared/auth.ts';
import { formErrors } from '../lib/form-validation.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { errorMessage } from '../lib/show-error.ts';

export function ResetPasswordRoute() {
  useDocumentTitle('パスワードの再設定');
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmPasswordReset();

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>新しいパスワードの設定</h1>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {confirm.isSuccess ? (
            <p role="status" className="text-green-800">
              パスワードを変更しました。
              <Link className="underline" to={paths.auth}>
                ログイン
              </Link>
              してください。
            </p>
          ) : (
            <form
              noValidate
              className="space-y-4"
              onSubmit={(event) => {
                event.preventDefault();
                // A missing or broken token is the link's fault, named before the password.
                const errors = formErrors(passwordResetConfirmSchema, { token, password });
                const invalid = errors.token ?? errors.password ?? null;
                setError(invalid);
                if (!invalid) confirm.mutate({ token, password });
              }}
            >
              <div className="space-y-1">
                <Label htmlFor={`${id}-password`}>新しいパスワード（8文字以上）</Label>
                <Input
                  id={`${id}-password`}
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <FieldError id={`${id}-error`}>
                  {error ??
                    (confirm.error
                      ? errorMessage(confirm.error, 'パスワードを再設定できませんでした')
                      : null)}
                </FieldError>
              </div>
              <Button type="submit" className="w-full" disabled={confirm.isPending}>
                {confirm.isPending && <Spinner label="送信中" />}
                パスワードを変更
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
