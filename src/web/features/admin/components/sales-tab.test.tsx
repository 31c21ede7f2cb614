import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPurchase, SalesReport } from '../../../../shared/admin-records.ts';
import { ADMIN_SESSION_KEY } from '../admin-session.ts';
import { SalesTab } from './sales-tab.tsx';

const figures = {
  purchases: 2,
  grossYen: 5000,
  taxYen: 453,
  refunds: 1,
  refundedYen: 1500,
  netYen: 3500,
};
const report: SalesReport = {
  period: 'day',
  from: '2026-04-01',
  to: '2026-04-02',
  rows: [
    { label: '2026-04-01', ...figures },
    { label: '2026-04-02', ...figures },
  ],
  totals: figures,
};

const purchase = (id: string, overrides: Partial<AdminPurchase> = {}): AdminPurchase => ({
  id,
  createdAt: '2026-04-02T00:59:00.000Z',
  completedAt: '2026-04-02T01:00:00.000Z',
  userId: `user-${id}`,
  userLabel: '佐藤商店（sato@example.jp）',
  userDeleted: false,
  planId: 'standard',
  planName: 'スタンダード',
  amountYen: 4000,
  taxYen: 363,
  credits: 500,
  provider: 'stripe',
  status: 'partially_refunded',
  refundedYen: 1500,
  ...overrides,
});

let purchaseQueries: URLSearchParams[];
beforeEach(() => {
  purchaseQueries = [];
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
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const json = (payload: unknown) =>
      new Response(JSON.stringify(payload), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    if (url.pathname === '/api/admin/sales') return json(report);
    if (url.pathname === '/api/admin/sales/purchases') {
      purchaseQueries.push(url.searchParams);
      return url.searchParams.get('cursor')
        ? json({
            purchases: [
              purchase('p2', {
                userLabel: 'old@example.jp',
                planName: 'ライト',
                amountYen: 1000,
                credits: 100,
                provider: 'demo',
                status: 'completed',
                refundedYen: 0,
              }),
            ],
            nextCursor: null,
          })
        : json({ purchases: [purchase('p1')], nextCursor: 'next' });
    }
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('admin sales tab', () => {
  it("lists the period's single purchases under the figures, a page at a time", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <SalesTab />
      </QueryClientProvider>,
    );
    const [first] = await screen.findAllByTestId('sales-purchase-row');
    expect(purchaseQueries[0]?.get('from')).toBe('2026-04-01');
    expect(purchaseQueries[0]?.get('to')).toBe('2026-04-02');
    expect(purchaseQueries[0]?.get('status')).toBe('paid');
    const cells = within(first!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '2026/04/02 10:00',
      '佐藤商店（sato@example.jp）',
      'スタンダード',
      '¥4,000',
      '500',
      'Stripe',
      '一部返金返金 ¥1,500',
    ]);
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    const rows = await screen.findAllByTestId('sales-purchase-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('old@example.jp');
    expect(rows[1]).toHaveTextContent('デモ決済');
    expect(rows[1]).toHaveTextContent('支払い済み');
    expect(purchaseQueries.at(-1)?.get('cursor')).toBe('next');
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('状態'), 'pending');
    await screen.findAllByTestId('sales-purchase-row');
    expect(purchaseQueries.at(-1)?.get('status')).toBe('pending');
  });
});
