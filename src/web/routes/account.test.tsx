import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../tests/helpers/render-routes.tsx';
import { json, serveApi } from '../../../tests/helpers/web-backend.ts';
import { TOKEN_STORAGE_KEY } from '../lib/auth/token-store.ts';
import { AccountRoute } from './account.tsx';

function renderAccount() {
  return renderRoutes(
    [
      { path: '/account', element: <AccountRoute /> },
      { path: '/', element: <h1>トップ</h1> },
    ],
    '/account',
    <Toaster />,
  );
}

const freshTokens = {
  access_token: 'fresh-access',
  refresh_token: 'fresh-refresh',
  token_type: 'bearer',
  expires_in: 900,
  refresh_expires_in: 2_592_000,
  issued_at: Math.floor(Date.now() / 1000),
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('account settings', () => {
  it('checks the new password with the sign-up rules before sending, then keeps this tab signed in', async () => {
    const api = serveApi((request) => {
      if (request.method !== 'POST' || request.path !== '/api/account/password') return undefined;
      const body = request.body as { currentPassword: string };
      if (body.currentPassword !== 'password123')
        return json(400, { error: { message: '現在のパスワードが正しくありません' } });
      return json(200, freshTokens);
    });
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'パスワードを変更' }));
    const dialog = await screen.findByRole('dialog', { name: 'パスワードの変更' });
    await user.type(within(dialog).getByLabelText('現在のパスワード'), 'wrong-one');
    await user.type(within(dialog).getByLabelText('新しいパスワード'), 'short');
    await user.type(within(dialog).getByLabelText('新しいパスワード（確認）'), 'shorts');
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    expect(
      await within(dialog).findByText('パスワードは8文字以上で入力してください'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('新しいパスワードが一致しません')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('新しいパスワード')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.count('POST', '/api/account/password')).toBe(0);

    await user.clear(within(dialog).getByLabelText('新しいパスワード'));
    await user.type(within(dialog).getByLabelText('新しいパスワード'), 'changed-pass-1');
    await user.clear(within(dialog).getByLabelText('新しいパスワード（確認）'));
    await user.type(within(dialog).getByLabelText('新しいパスワード（確認）'), 'changed-pass-1');
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    expect(
      await within(dialog).findByText('現在のパスワードが正しくありません'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('現在のパスワード'));
    await user.type(within(dialog).getByLabelText('現在のパスワード'), 'password123');
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    expect(await screen.findByText(/パスワードを変更しました/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem(TOKEN_STORAGE_KEY)!)).toMatchObject({
      access_token: 'fresh-access',
      refresh_token: 'fresh-refresh',
    });
  });

  it('deletes the account only after the password and the typed confirmation, then signs out', async () => {
    const api = serveApi((request) =>
      request.method === 'DELETE' && request.path === '/api/account'
        ? new Response(null, { status: 204 })
        : request.path === '/api/auth/logout'
          ? new Response(null, { status: 204 })
          : undefined,
    );
    const user = userEvent.setup();
    const router = renderAccount();
    await user.click(await screen.findByRole('button', { name: 'アカウントを削除' }));
    const dialog = await screen.findByRole('dialog', { name: 'アカウントを削除しますか？' });
    const confirm = within(dialog).getByRole('button', { name: '削除する' });
    await user.type(within(dialog).getByLabelText('現在のパスワード'), 'password123');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/と入力してください/), '削除する');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.requests.find((request) => request.method === 'DELETE')?.body).toEqual({
      currentPassword: 'password123',
      confirmation: '削除する',
    });
    await waitFor(() => expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull());
    expect(await screen.findByText(/アカウントを削除しました/)).toBeInTheDocument();
  });

  it('says how many of the credits given up were paid for, as the server counts them', async () => {
    const api = serveApi((request) =>
      request.method === 'GET' && request.path === '/api/account/deletion-preview'
        ? json(200, { credits: 620, paidCredits: 500 })
        : undefined,
    );
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'アカウントを削除' }));
    const dialog = await screen.findByRole('dialog', { name: 'アカウントを削除しますか？' });
    expect(await within(dialog).findByTestId('deletion-credits')).toHaveTextContent(
      '残りの620クレジットが失われます。うち500クレジットは購入したもので、返金されません。',
    );
    expect(api.count('GET', '/api/account/deletion-preview')).toBe(1);
  });
});
