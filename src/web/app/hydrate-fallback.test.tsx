import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './router.tsx';

afterEach(() => vi.restoreAllMocks());

describe('the first render of a screen whose code is still loading', () => {
  it('shows the loading screen from the root route, without React Router’s HydrateFallback warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let finish: (screenRoute: Pick<RouteObject, 'Component'>) => void = () => {};
    const loaded = new Promise<Pick<RouteObject, 'Component'>>((resolve) => (finish = resolve));
    // The app's real root route; the screen below it loads its code (route `lazy`) as they all do.
    const root = { ...routes[0]!, children: [{ path: '/', lazy: () => loaded }] } as RouteObject;
    const router = createMemoryRouter([root], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);

    expect(screen.getByTestId('full-screen-loader')).toBeInTheDocument();
    finish({ Component: () => <h1>トップ</h1> });
    expect(await screen.findByRole('heading', { name: 'トップ' })).toBeInTheDocument();
    expect(screen.queryByTestId('full-screen-loader')).toBeNull();
    expect(warn.mock.calls.map((call) => call.map(String).join(' '))).not.toContainEqual(
      expect.stringContaining('HydrateFallback'),
    );
  });
});
