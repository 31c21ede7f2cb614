import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { withQueryClient } from '../lib/query/query-provider.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootErrorBoundary } from './root-error.tsx';

/*
 * Every screen is its own chunk (route `lazy`): a visitor on a public page never downloads the
 * generate flow, the admin area, charts or the Word/PDF code. The layout stays in the entry
 * chunk because every page paints inside it.
 */
export const routes: RouteObject[] = [
  {
    // Anything that fails to render or load below ends on one Japanese screen (root-error.tsx).
    ErrorBoundary: RootErrorBoundary,
    // What the first render shows while the code of the opened screen loads (a page started
    // from scratch: a pre-rendered one loads its screens before hydrating, main.tsx). Without
    // it React Router renders nothing and warns on every first load.
    HydrateFallback: FullScreenLoader,
    children: [
      {
        // The admin area has its own layout and session (docs/spec.md §2 Admin routes).
        path: '/admin',
        lazy: withQueryClient(async () => ({
          ErrorBoundary: (await import('../routes/admin/admin-error.tsx')).AdminErrorRoute,
        })),
        children: [
          { index: true, element: <Navigate to={paths.adminDashboard} replace /> },
          {
            path: 'login',
            lazy: withQueryClient(async () => ({
              Component: (await import('../routes/admin/admin-login.tsx')).AdminLoginRoute,
            })),
          },
          {
            path: 'dashboard',
            lazy: withQueryClient(async () => ({
              Component: (await import('../routes/admin/admin-dashboard.tsx')).AdminDashboardRoute,
            })),
          },
          { path: '*', element: <Navigate to={paths.adminDashboard} replace /> },
        ],
      },
      {
        element: <RootLayout />,
        children: [
          {
            path: paths.home,
            lazy: async () => ({ Component: (await import('../routes/landing.tsx')).LandingRoute }),
          },
          {
            path: paths.pricing,
            lazy: async () => ({ Component: (await import('../routes/pricing.tsx')).PricingRoute }),
          },
          {
            path: paths.terms,
            lazy: async () => ({ Component: (await import('../routes/terms.tsx')).TermsRoute }),
          },
          {
            path: paths.privacy,
            lazy: async () => ({ Component: (await import('../routes/privacy.tsx')).PrivacyRoute }),
          },
          {
            path: paths.legal,
            lazy: async () => ({ Component: (await import('../routes/legal.tsx')).LegalRoute }),
          },
          {
            path: paths.auth,
            lazy: withQueryClient(async () => ({
              Component: (await import('../routes/auth.tsx')).AuthRoute,
            })),
          },
          {
            path: paths.resetPassword,
            lazy: withQueryClient(async () => ({
              Component: (await import('../routes/reset-password.tsx')).ResetPasswordRoute,
            })),
          },
          {
            path: paths.confirmEmail,
            lazy: withQueryClient(async () => ({
              Component: (await import('../routes/confirm-email.tsx')).ConfirmEmailRoute,
            })),
          },
          {
            // Screens for signed-in users only: visitors are sent to /auth and brought back.
            element: <RequireAuth />,
            children: [
              {
                path: paths.generate,
                lazy: withQueryClient(async () => ({
                  Component: (await import('../routes/generate.tsx')).GenerateRoute,
                })),
              },
              {
                path: paths.history,
                lazy: withQueryClient(async () => ({
                  Component: (await import('../routes/history.tsx')).HistoryRoute,
                })),
              },
              {
                path: paths.account,
                lazy: withQueryClient(async () => ({
                  Component: (await import('../routes/account.tsx')).AccountRoute,
                })),
              },
              {
                path: paths.confirmEmailChange,
                lazy: withQueryClient(async () => ({
                  Component: (await import('../routes/confirm-email-change.tsx'))
                    .ConfirmEmailChangeRoute,
                })),
              },
              {
                path: paths.credits,
                lazy: withQueryClient(async () => ({
                  Component: (await import('../routes/credits.tsx')).CreditsRoute,
                })),
              },
              {
                path: paths.referrals,
                lazy: withQueryClient(async () => ({
                  Component: (await import('../routes/referrals.tsx')).ReferralsRoute,
                })),
              },
            ],
          },
          // docs/spec.md §2: any unknown path redirects to /.
          { path: '*', element: <Navigate to={paths.home} replace /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the code of the screens that match `pathname` before the router starts, so hydrating
 * a pre-rendered page renders the same tree at once instead of an empty one.
 */
export async function loadRouteModules(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      delete route.lazy;
      Object.assign(route, loaded);
    }),
  );
}
