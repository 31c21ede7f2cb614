/**
 * Build-time rendering of the public pages (see vite.config.ts): each page as a visitor sees
 * it, so its text paints before any script has run.
 */
import { prerender } from 'react-dom/static';
import { StrictMode } from 'react';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PLACEHOLDER_PUBLIC_CONFIG } from '../../shared/prerender-config.ts';
import { AppProviders } from '../app/providers.tsx';
import { seedPublicConfig } from '../features/legal/api/get-public-config.ts';
import { routes } from '../app/router.tsx';
import { startSessionSignedOut } from '../lib/auth/session.tsx';

export async function renderPage(pathname: string): Promise<string> {
  startSessionSignedOut();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The server fills in its own settings (src/shared/prerender-config.ts).
  seedPublicConfig(PLACEHOLDER_PUBLIC_CONFIG);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders deferToaster>
        {/* No hydration data: the routes have no loaders, and inline scripts break the CSP. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
