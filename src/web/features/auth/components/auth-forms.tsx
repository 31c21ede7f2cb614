import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  loginRequestSchema,
  passwordResetRequestSchema,
  signupRequestSchema,
} from '../../../../shared/auth.ts';
import { formErrors } from '../../../lib/form-validation.ts';

export interface CredentialsFormProps {
  mode: 'signin' | 'signup';
  pending: boolean;
  serverError: string | null;
  onSubmit: (values: { email: string; password: string; displayName: string }) => void;
}

/** Inline validation: a field shows its error once it was left or the form was submitted. */
export function CredentialsForm({ mode, pending, serverError, onSubmit }: CredentialsFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  // The request's own schema: sign-up asks for a new password's rules, sign-in only for one.
  const errors: Partial<Record<'email' | 'password' | 'displayName', string>> =
    mode === 'signup'
      ? formErrors(signupRequestSchema, { email, password, displayName })
      : formErrors(loginRequestSchema, { email, password });
  const emailError = touched.email || submitted ? (errors.email ?? null) : null;
  const passwordError = touched.password || submitted ? (errors.password ?? null) : null;
  const displayNameError = submitted ? (errors.displayName ?? null) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    onSubmit({ email: email.trim(), password, displayName: displayName.trim() });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-4"
      aria-label={mode === 'signup' ? '新規登録' : 'ログイン'}
    >
      {mode === 'signup' && (
        <div className="space-y-1">
          <Label htmlFor={`${id}-name`}>表示名（任意）</Label>
          <Input
            id={`${id}-name`}
            value={displayName}
            maxLength={50}
            autoComplete="nickname"
            aria-invalid={displayNameError ? true : undefined}
            aria-describedby={displayNameError ? `${id}-name-error` : undefined}
            onChange={(e) => setDisplayName(e.target.value)}
          />
          <FieldError id={`${id}-name-error`}>{displayNameError}</FieldError>
        </div>
      )}
      <div className="space-y-1">
        <Label htmlFor={`${id}-email`}>メールアドレス</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched((value) => ({ ...value, email: true }))}
        />
        <FieldError id={`${id}-email-error`}>{emailError}</FieldError>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-password`}>パスワード{mode === 'signup' && '（8文字以上）'}</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          value={password}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${id}-password-error` : undefined}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={() => setTouched((value) => ({ ...value, password: true }))}
        />
        <FieldError id={`${id}-password-error`}>{passwordError}</FieldError>
      </div>
      {serverError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {serverError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending && <Spinner label="送信中" />}
        {mode === 'signup' ? '登録して始める' : 'ログイン'}
      </Button>
    </form>
  );
}

export function PasswordResetRequestForm({
  pending,
  sent,
  serverError,
  onSubmit,
}: {
  pending: boolean;
  sent: boolean;
  serverError: string | null;
  onSubmit: (email: string) => void;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (sent) {
    return (
      <p role="status" className="rounded-md bg-green-50 p-4 text-sm text-green-800">
        再設定用のメールを送信しました。メールに記載のリンクから1時間以内に新しいパスワードを設定してください。メールが届かない場合は、迷惑メールフォルダもご確認ください。
      </p>
    );
  }
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="パスワード再設定"
      onSubmit={(event) => {
        event.preventDefault();
        const invalid = formErrors(passwordResetRequestSchema, { email }).email ?? null;
        setError(invalid);
        if (!invalid) onSubmit(email.trim());
      }}
    >
      <p className="text-sm text-slate-600">
        登録したメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。
      </p>
      <div className="space-y-1">
        <Label htmlFor={`${id}-email`}>メールアドレス</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FieldError id={`${id}-error`}>{error ?? serverError}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending && <Spinner label="送信中" />}
        再設定メールを送信
      </Button>
    </form>
  );
}
