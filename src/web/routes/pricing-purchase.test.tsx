import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../tests/helpers/render-routes.tsx';
import { json, serveApi } from '../../../tests/helpers/web-backend.ts';
import { PricingRoute } from './pricing.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('buying a plan', () => {
  it("shows the server's reason when starting a checkout is refused", async () => {
    const limited =
      '購入手続きの開始が多すぎます。開いている購入ページからお支払いいただくか、しばらくしてからもう一度お試しください（約40分後に再試行できます）。';
    serveApi((request) =>
      request.method === 'POST' && request.path === '/api/payments/checkout'
        ? json(429, { error: { code: 'RATE_LIMITED', message: limited } })
        : undefined,
    );
    const tab = { close: vi.fn(), opener: null, location: { href: 'about:blank' } };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/pricing', element: <PricingRoute /> }], '/pricing', <Toaster />);
    // Signed in once the free plan offers generation instead of sign-up.
    await screen.findAllByRole('button', { name: 'FAQ生成を始める' });
    await user.click(await screen.findByRole('button', { name: 'ライトを購入' }));
    const dialog = await screen.findByRole('dialog', { name: 'ライトプランを購入' });
    await user.click(within(dialog).getByRole('button', { name: '購入する' }));
    expect(await screen.findByText(limited)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it('links 特定商取引法に基づく表記 from the purchase dialog, in a new tab', async () => {
    serveApi(() => undefined);
    const user = userEvent.setup();
    renderRoutes([{ path: '/pricing', element: <PricingRoute /> }], '/pricing', <Toaster />);
    await screen.findAllByRole('button', { name: 'FAQ生成を始める' });
    await user.click(await screen.findByRole('button', { name: 'ライトを購入' }));
    const dialog = await screen.findByRole('dialog', { name: 'ライトプランを購入' });
    const link = within(dialog).getByRole('link', { name: /特定商取引法に基づく表記/ });
    expect(link).toHaveAttribute('href', '/legal');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
