import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../lib/auth/session.tsx';
import { AdminLoginRoute } from './admin/admin-login.tsx';
import { AuthRoute } from './auth.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderScreen(screenElement: ReactNode) {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ showDefaultCredentials: false }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{screenElement}</MemoryRouter>
    </QueryClientProvider>,
  );
}

// React reports a heading inside a heading as invalid DOM nesting (console.error fails the test).
describe('sign-in screens', () => {
  it('/auth has one page heading, not nested in the card title', async () => {
    renderScreen(
      <SessionProvider>
        <AuthRoute />
      </SessionProvider>,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'FAQ工房にログイン' });
    expect(heading.parentElement?.closest('h1, h2, h3, h4, h5, h6')).toBeNull();
  });

  it('/admin/login has one page heading, not nested in the card title', async () => {
    renderScreen(<AdminLoginRoute />);
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'FAQ工房 管理者ログイン',
    });
    expect(heading.parentElement?.closest('h1, h2, h3, h4, h5, h6')).toBeNull();
  });
});
