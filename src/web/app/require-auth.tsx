import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '../components/ui/spinner.tsx';
import { signInPath, useSession } from '../lib/auth/session.tsx';

/** Layout route for screens that need a signed-in user; visitors go to /auth and come back. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <FullScreenLoader />;
  if (!session.user) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }
  return <Outlet />;
}
