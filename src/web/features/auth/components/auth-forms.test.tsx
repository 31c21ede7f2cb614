import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CredentialsForm, PasswordResetRequestForm } from './auth-forms.tsx';

describe('auth forms check with the shared request schemas', () => {
  it('sign-up refuses what the server refuses, in its words, and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <CredentialsForm mode="signup" pending={false} serverError={null} onSubmit={onSubmit} />,
    );
    await user.type(screen.getByLabelText('メールアドレス'), 'hanako@example');
    await user.type(screen.getByLabelText(/パスワード/), 'short');
    await user.click(screen.getByRole('button', { name: '登録して始める' }));
    expect(screen.getByText('メールアドレスの形式が正しくありません')).toBeInTheDocument();
    expect(screen.getByText('パスワードは8文字以上で入力してください')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('メールアドレス'));
    await user.type(screen.getByLabelText('メールアドレス'), ' Hanako@Example.jp ');
    await user.type(screen.getByLabelText(/パスワード/), 'enough!');
    await user.click(screen.getByRole('button', { name: '登録して始める' }));
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'Hanako@Example.jp',
      password: 'shortenough!',
      displayName: '',
    });
  });

  it('sign-in asks only for a password, not a new password’s rules', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <CredentialsForm mode="signin" pending={false} serverError={null} onSubmit={onSubmit} />,
    );
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(screen.getByText('メールアドレスを入力してください')).toBeInTheDocument();
    expect(screen.getByText('パスワードを入力してください')).toBeInTheDocument();
    await user.type(screen.getByLabelText('メールアドレス'), 'hanako@example.jp');
    await user.type(screen.getByLabelText('パスワード'), 'x');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('the reset request checks the address the same way', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <PasswordResetRequestForm
        pending={false}
        sent={false}
        serverError={null}
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByLabelText('メールアドレス'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: '再設定メールを送信' }));
    expect(screen.getByText('メールアドレスの形式が正しくありません')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
