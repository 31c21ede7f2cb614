import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { AlertDialogHost } from '../../src/web/components/ui/alert-dialog.tsx';
import { SessionProvider } from '../../src/web/lib/auth/session.tsx';
import { GenerateRoute } from '../../src/web/routes/generate.tsx';

/** /generate inside a data router (for its leave guard), signed in, with /pricing to leave to. */
export function renderGenerate(entry: string) {
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
        children: [
          { path: '/generate', element: <GenerateRoute /> },
          { path: '/pricing', element: <h1>料金プラン</h1> },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AlertDialogHost />
    </QueryClientProvider>,
  );
  return router;
}
