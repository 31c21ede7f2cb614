import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Header } from './header.tsx';

describe('Header', () => {
  it('shows signed-out visitors the sign-in link and the terms and privacy links', () => {
    render(
      <MemoryRouter>
        <Header user={null} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'ログイン / 新規登録' })).toHaveAttribute(
      'href',
      '/auth',
    );
    expect(screen.getByRole('link', { name: '利用規約' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'プライバシーポリシー' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('opens and closes the mobile menu', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Header user={null} />
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'メニューを開く' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('navigation', { name: 'モバイルメニュー' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'メニューを閉じる' }));
    expect(screen.queryByRole('navigation', { name: 'モバイルメニュー' })).not.toBeInTheDocument();
  });
});
