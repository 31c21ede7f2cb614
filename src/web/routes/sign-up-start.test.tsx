import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../tests/helpers/render-routes.tsx';
import { AuthRoute } from './auth.tsx';
import { LandingRoute } from './landing.tsx';
import { PricingRoute } from './pricing.tsx';

const routes = [
  { path: '/', element: <LandingRoute /> },
  { path: '/pricing', element: <PricingRoute /> },
  { path: '/auth', element: <AuthRoute /> },
];

async function expectSignUpOpen(router: ReturnType<typeof renderRoutes>) {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'FAQ工房に新規登録（無料）' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: '新規登録' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('form', { name: '新規登録' })).toBeInTheDocument();
  const params = new URLSearchParams(router.state.location.search);
  expect(params.get('mode')).toBe('signup');
  expect(params.get('redirect_url')).toBe('/generate');
}

describe('「無料で始める」', () => {
  it('opens the 新規登録 tab from the landing page, under a sign-up heading', async () => {
    const router = renderRoutes(routes, '/');
    await userEvent.click(screen.getAllByRole('button', { name: '無料で始める' })[0]!);
    await expectSignUpOpen(router);
  });

  it.each([0, 1])('opens the 新規登録 tab from the pricing page (button %i)', async (index) => {
    const router = renderRoutes(routes, '/pricing');
    const buttons = await screen.findAllByRole('button', { name: '無料で始める' });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[index]!);
    await expectSignUpOpen(router);
  });

  it('the heading follows the tab: ログイン says ログイン', async () => {
    renderRoutes(routes, '/auth?mode=signup');
    await screen.findByRole('heading', { level: 1, name: 'FAQ工房に新規登録（無料）' });
    await userEvent.click(screen.getByRole('tab', { name: 'ログイン' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'FAQ工房にログイン' }),
    ).toBeInTheDocument();
  });
});
