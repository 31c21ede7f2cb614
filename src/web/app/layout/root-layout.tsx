import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { FullScreenLoader } from '../../components/ui/spinner.tsx';
import { usePageViewTracking } from '../../lib/analytics/page-view-tracking.ts';
import { SessionProvider, useSession } from '../../lib/auth/session.tsx';
import { withQueryClient } from '../../lib/query/query-provider.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

// Only signed-in users with an unconfirmed address see it (it sends through TanStack Query).
const ConfirmEmailBanner = lazy(
  withQueryClient(async () => ({
    default: (await import('../../features/auth/components/confirm-email-banner.tsx'))
      .ConfirmEmailBanner,
  })),
);

// Only signed-in users see the account menu (a Radix dropdown): visitors never load it.
const AccountMenu = lazy(async () => ({
  default: (await import('./account-menu.tsx')).AccountMenu,
}));

function LayoutBody() {
  const session = useSession();
  usePageViewTracking();
  // docs/spec.md §2 Layout: a full-screen indicator while authentication state loads.
  if (session.status === 'loading') return <FullScreenLoader />;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        本文へスキップ
      </a>
      <Header
        user={session.user}
        accountSlot={
          session.user ? (
            <Suspense fallback={null}>
              <AccountMenu user={session.user} onLogout={session.logout} />
            </Suspense>
          ) : null
        }
      />
      {session.user && session.user.emailConfirmed === false ? (
        <Suspense fallback={null}>
          <ConfirmEmailBanner email={session.user.email} />
        </Suspense>
      ) : null}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

export function RootLayout() {
  return (
    <SessionProvider>
      <LayoutBody />
    </SessionProvider>
  );
}
