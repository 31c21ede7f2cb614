import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootErrorBoundary } from './root-error.tsx';
import { routes } from './router.tsx';

function Broken(): never {
  throw new Error('描画に失敗');
}

/** The app's real root route, with the screens below it replaced by `children`. */
function renderUnderRoot(children: RouteObject[], path = '/') {
  const root: RouteObject = { ErrorBoundary: routes[0]!.ErrorBoundary ?? null, children };
  const router = createMemoryRouter([root], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

/** React and the boundary report the error on the console; these tests expect that. */
function expectConsoleErrors() {
  const logged: unknown[][] = [];
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(args));
  return logged;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('root error boundary', () => {
  it('is the one root of every route, the admin area included', () => {
    expect(routes).toHaveLength(1);
    expect(routes[0]!.ErrorBoundary).toBe(RootErrorBoundary);
    expect(routes[0]!.children?.map((route) => route.path ?? '(layout)')).toEqual([
      '/admin',
      '(layout)',
    ]);
  });

  it('shows a Japanese screen with reload and back-to-top when a screen throws', async () => {
    const logged = expectConsoleErrors();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderUnderRoot([{ path: '/', Component: Broken }]);

    const alert = await screen.findByRole('alert');
    expect(
      screen.getByRole('heading', { name: 'ページを表示できませんでした' }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent('再読み込みしても直らない場合は');
    expect(screen.getByRole('link', { name: 'トップへ戻る' })).toHaveAttribute('href', '/');
    await userEvent.setup().click(screen.getByRole('button', { name: '再読み込み' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(
      logged.flat().some((entry) => entry instanceof Error && entry.message === '描画に失敗'),
    ).toBe(true);
  });

  it('catches a screen whose code fails to load (a chunk replaced by a newer deploy)', async () => {
    expectConsoleErrors();
    renderUnderRoot(
      [
        {
          path: '/pricing',
          lazy: async () => {
            throw new TypeError('Failed to fetch dynamically imported module');
          },
        },
      ],
      '/pricing',
    );
    expect(
      await screen.findByRole('heading', { name: 'ページを表示できませんでした' }),
    ).toBeInTheDocument();
  });
});
