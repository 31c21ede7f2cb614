import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { AccountRoute } from '../routes/account.tsx';
import { AuthRoute } from '../routes/auth.tsx';
import { CreditsRoute } from '../routes/credits.tsx';
import { GenerateRoute } from '../routes/generate.tsx';
import { HistoryRoute } from '../routes/history.tsx';
import { ReferralsRoute } from '../routes/referrals.tsx';
import { LandingRoute } from '../routes/landing.tsx';
import { LegalRoute } from '../routes/legal.tsx';
import { PricingRoute } from '../routes/pricing.tsx';
import { PrivacyRoute } from '../routes/privacy.tsx';
import { ResetPasswordRoute } from '../routes/reset-password.tsx';
import { TermsRoute } from '../routes/terms.tsx';
import { AdminDashboardRoute } from '../routes/admin/admin-dashboard.tsx';
import { AdminErrorRoute } from '../routes/admin/admin-error.tsx';
import { AdminLoginRoute } from '../routes/admin/admin-login.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RequireAuth } from './require-auth.tsx';

export const routes: RouteObject[] = [
  {
    // The admin area has its own layout and session (spec §2 Admin routes).
    path: '/admin',
    errorElement: <AdminErrorRoute />,
    children: [
      { index: true, element: <Navigate to={paths.adminDashboard} replace /> },
      { path: 'login', element: <AdminLoginRoute /> },
      { path: 'dashboard', element: <AdminDashboardRoute /> },
      { path: '*', element: <Navigate to={paths.adminDashboard} replace /> },
    ],
  },
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <LandingRoute /> },
      { path: paths.pricing, element: <PricingRoute /> },
      { path: paths.terms, element: <TermsRoute /> },
      { path: paths.privacy, element: <PrivacyRoute /> },
      { path: paths.legal, element: <LegalRoute /> },
      { path: paths.auth, element: <AuthRoute /> },
      { path: paths.resetPassword, element: <ResetPasswordRoute /> },
      {
        // Screens for signed-in users only: visitors are sent to /auth and brought back.
        element: <RequireAuth />,
        children: [
          { path: paths.generate, element: <GenerateRoute /> },
          { path: paths.history, element: <HistoryRoute /> },
          { path: paths.account, element: <AccountRoute /> },
          { path: paths.credits, element: <CreditsRoute /> },
          { path: paths.referrals, element: <ReferralsRoute /> },
        ],
      },
      // Spec §2: any unknown path redirects to /.
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
