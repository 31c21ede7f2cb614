import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../tests/helpers/render-routes.tsx';
import { ADMIN_SESSION_KEY } from '../../features/admin/admin-session.ts';
import { AdminDashboardRoute } from './admin-dashboard.tsx';

// The chart's chunk, as a deploy or a dropped connection leaves it: the first download fails,
// a second one succeeds.
const chunk = vi.hoisted(() => ({ failures: 1, loads: 0 }));
vi.mock('../../features/admin/components/analytics-charts.tsx', async () => {
  chunk.loads += 1;
  if (chunk.failures > 0) {
    chunk.failures -= 1;
    throw new TypeError('Failed to fetch dynamically imported module: analytics-charts.js');
  }
  return { AnalyticsCharts: () => <p>アクセス解析のグラフ</p> };
});

const profile = {
  id: 'a1',
  username: 'admin',
  email: '',
  fullName: '運営 太郎',
  role: 'admin',
  loginAt: '2026-04-02T00:00:00.000Z',
};

beforeEach(() => {
  localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify({ token: 't', ...profile }));
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const json = (payload: unknown) =>
      new Response(JSON.stringify(payload), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    if (url.pathname === '/api/admin/session') return json(profile);
    if (url.pathname === '/api/admin/stats')
      return json({
        totalUsers: 12,
        totalGenerations: 34,
        generationsLast24h: 5,
        activeUsers: 6,
        totalCreditsConsumed: 78,
      });
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('admin dashboard', () => {
  it('keeps the dashboard when the chart chunk fails, says so in the chart area and retries', async () => {
    const user = userEvent.setup();
    // Only the chart's own message is expected; React logs the caught error.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/admin', element: <AdminDashboardRoute /> }], '/admin');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('アクセス解析を読み込めませんでした');
    expect(screen.getByTestId('stat-総ユーザー数')).toHaveTextContent('12');
    expect(screen.getByText('システム情報')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'ユーザー管理' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('アクセス解析のグラフ')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(chunk.loads).toBe(2);
    expect(screen.getByTestId('stat-総ユーザー数')).toHaveTextContent('12');
  });
});
