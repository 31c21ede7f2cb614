import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserRow } from '../../../../shared/admin.ts';
import { ADMIN_SESSION_KEY } from '../admin-session.ts';
import { UsersTab } from './users-tab.tsx';

const row = (id: string, email: string): AdminUserRow => ({
  id,
  email,
  displayName: null,
  credits: 50,
  faqCount: 0,
  creditsUsed: 0,
  referralCount: 0,
  lastActivity: '2026-04-01T00:00:00.000Z',
  active: true,
  suspended: false,
  createdAt: '2026-04-01T00:00:00.000Z',
});

let requests: { method: string; path: string; body: unknown }[];
let failList: boolean;
let rows: AdminUserRow[];

/** A stand-in for the admin API, served through fetch (no network, no mocks of our code). */
beforeEach(() => {
  requests = [];
  failList = false;
  rows = [row('u1', 'first@example.jp'), row('u2', 'second@example.jp')];
  localStorage.setItem(
    ADMIN_SESSION_KEY,
    JSON.stringify({
      token: 't',
      username: 'admin',
      id: 'a',
      email: '',
      fullName: '',
      role: 'admin',
      loginAt: '',
    }),
  );
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = new URL(input, 'http://localhost');
    const body = init.body ? JSON.parse(String(init.body)) : null;
    requests.push({ method, path: url.pathname, body });
    const json = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (url.pathname === '/api/admin/users') {
      if (failList) return json(500, { error: { code: 'INTERNAL', message: 'boom' } });
      return json(200, { users: rows });
    }
    if (url.pathname.endsWith('/credits'))
      return json(200, { balance: 60, type: 'credit', amount: 10 });
    if (url.pathname.endsWith('/suspension')) {
      rows = rows.map((entry) =>
        url.pathname.includes(entry.id) ? { ...entry, suspended: body.suspended } : entry,
      );
      return json(200, { suspended: body.suspended });
    }
    if (url.pathname.endsWith('/history'))
      return json(200, {
        ledger: [
          {
            id: 'l1',
            type: 'credit',
            amount: 10,
            description: '運営による調整',
            internalNote: `障害のお詫び（${url.pathname.split('/')[4]}）`,
            createdAt: '2026-04-02T00:00:00.000Z',
          },
        ],
        purchases: [],
        generations: [],
      });
    return json(404, {});
  });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function renderTab() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <UsersTab />
    </QueryClientProvider>,
  );
}

describe('admin users tab', () => {
  it("starts every user's dialog at 0, never with the previous user's amount and note", async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'first@example.jpの詳細' }));
    let dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '10増やす' }));
    await user.type(within(dialog).getByLabelText(/社内メモ/), '前のユーザーのメモ');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'second@example.jpの詳細' }));
    dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText('調整するクレジット数')).toHaveValue(0);
    expect(within(dialog).getByLabelText(/社内メモ/)).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'クレジットを調整' })).toBeDisabled();
  });

  it('sends the internal note apart from the customer-facing description', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'first@example.jpの詳細' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '10増やす' }));
    await user.type(within(dialog).getByLabelText(/社内メモ/), 'テスト調整 #74');
    await user.type(within(dialog).getByLabelText('お客様に表示する説明（任意）'), 'お詫び');
    await user.click(within(dialog).getByRole('button', { name: 'クレジットを調整' }));
    expect(requests.find((request) => request.path.endsWith('/credits'))?.body).toEqual({
      amount: 10,
      reason: 'テスト調整 #74',
      customerDescription: 'お詫び',
    });
  });

  it("shows the user's own ledger with the internal note in the dialog", async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'second@example.jpの詳細' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('社内メモ：障害のお詫び（u2）')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: '購入' }));
    expect(await within(dialog).findByText('購入はありません')).toBeInTheDocument();
  });

  it('suspends from the dialog and shows the state in the list', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'second@example.jpの詳細' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '利用停止' }));
    expect(await screen.findByText('利用停止中')).toBeInTheDocument();
    expect(requests.find((request) => request.path.endsWith('/suspension'))).toMatchObject({
      method: 'POST',
      path: '/api/admin/users/u2/suspension',
      body: { suspended: true },
    });
  });

  it('says the list failed to load instead of claiming there are no users', async () => {
    failList = true;
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ユーザーデータの読み込みに失敗しました',
    );
    expect(screen.queryByText('該当するユーザーが見つかりません')).not.toBeInTheDocument();
  });
});
