import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { SessionProvider } from '../../src/web/lib/auth/session.tsx';

/**
 * Screens inside a data router (for leave guards and navigation) under the session, with a
 * query client of their own that never retries; `hosts` are the toasts or dialogs they use.
 */
export function renderRoutes(routes: RouteObject[], entry: string, hosts?: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <Outlet />
          </SessionProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {hosts}
    </QueryClientProvider>,
  );
  return router;
}
