import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionLogPage } from '../../../../shared/admin-records.ts';
import { ADMIN_SESSION_KEY } from '../admin-session.ts';
import { ActionLogTab } from './action-log-tab.tsx';

const ADMIN_ID = '7f0c2a52-5b8e-4b39-9d43-3c6f0e0a1b11';
const USER_ID = 'c1d2e3f4-0000-4a5b-8c9d-111122223333';
const GENERATION_ID = '9a8b7c6d-1111-4e2f-a3b4-555566667777';

const page: ActionLogPage = {
  logs: [
    {
      id: 'l1',
      adminUserId: ADMIN_ID,
      adminUsername: 'admin',
      adminName: '運営 太郎',
      target: {
        kind: 'user',
        id: USER_ID,
        label: '山田花子（hanako@example.jp）',
        deleted: false,
      },
      action: 'credit_adjustment',
      details: { userId: USER_ID, amount: 10, reason: '障害のお詫び' },
      createdAt: '2026-04-02T01:00:00.000Z',
    },
    {
      id: 'l2',
      adminUserId: ADMIN_ID,
      adminUsername: 'admin',
      adminName: '運営 太郎',
      target: { kind: 'generation', id: GENERATION_ID, label: '料金ページのFAQ', deleted: false },
      action: 'generation_review',
      details: { generationId: GENERATION_ID },
      createdAt: '2026-04-02T00:30:00.000Z',
    },
    {
      id: 'l3',
      adminUserId: ADMIN_ID,
      adminUsername: 'admin',
      adminName: '運営 太郎',
      target: null,
      action: 'login',
      details: { ip: '127.0.0.1' },
      createdAt: '2026-04-02T00:00:00.000Z',
    },
  ],
  nextCursor: null,
};

beforeEach(() => {
  localStorage.setItem(
    ADMIN_SESSION_KEY,
    JSON.stringify({
      token: 't',
      username: 'admin',
      id: ADMIN_ID,
      email: '',
      fullName: '',
      role: 'admin',
      loginAt: '',
    }),
  );
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/admin/action-logs')
      return new Response(JSON.stringify(page), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ActionLogTab />
    </QueryClientProvider>,
  );
}

describe('admin action log', () => {
  it('names the administrator and the user or FAQ concerned instead of showing UUIDs', async () => {
    renderTab();
    const rows = await screen.findAllByTestId('action-log-row');
    expect(rows).toHaveLength(3);
    const [adjustment, review, login] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(adjustment).toHaveTextContent('運営 太郎');
    expect(adjustment).toHaveTextContent('山田花子（hanako@example.jp）');
    expect(adjustment).toHaveTextContent('障害のお詫び');
    expect(review).toHaveTextContent('料金ページのFAQ');
    expect(login).toHaveTextContent('IP: 127.0.0.1');
    // No id is printed in the table: they are behind titles and copy buttons.
    for (const id of [ADMIN_ID, USER_ID, GENERATION_ID])
      expect(screen.getByRole('table')).not.toHaveTextContent(id);
    expect(within(adjustment).getByText('運営 太郎')).toHaveAttribute(
      'title',
      `管理者ID: ${ADMIN_ID}`,
    );
    expect(within(adjustment).getByText('山田花子（hanako@example.jp）')).toHaveAttribute(
      'title',
      `ユーザーID: ${USER_ID}`,
    );
  });

  it('copies the id of the user or FAQ for support', async () => {
    // user-event puts a clipboard of its own on navigator, which the page writes to.
    const user = userEvent.setup();
    renderTab();
    await screen.findAllByTestId('action-log-row');
    await user.click(
      screen.getByRole('button', {
        name: 'ユーザー「山田花子（hanako@example.jp）」のIDをコピー',
      }),
    );
    expect(await navigator.clipboard.readText()).toBe(USER_ID);
    await user.click(screen.getByRole('button', { name: 'FAQ「料金ページのFAQ」のIDをコピー' }));
    expect(await navigator.clipboard.readText()).toBe(GENERATION_ID);
  });
});
