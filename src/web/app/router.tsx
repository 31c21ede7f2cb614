import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { LandingRoute } from '../routes/landing.tsx';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <LandingRoute /> },
      // Spec §2: any unknown path redirects to /.
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
