import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../shared/prerender-config.ts';
import { App } from './app/app.tsx';
import { loadRouteModules } from './app/router.tsx';
import { TOKEN_STORAGE_KEY } from './lib/auth/token-store.ts';
import { startSessionSignedOut } from './lib/auth/session.tsx';
import { parsePublicConfig } from './lib/public-config.ts';
import { seedPublicConfig } from './features/legal/api/get-public-config.ts';

const container = document.getElementById('root');
if (!container) throw new Error('root element missing');

/**
 * Public pages arrive pre-rendered for a visitor. They are hydrated when this browser is one:
 * no stored session, no sign-in hand-off in the address, not embedded in another page.
 * Otherwise the page starts from scratch, as every other screen does.
 */
function canHydrateAsVisitor(): boolean {
  try {
    if (window.top !== window) return false;
    if (new URLSearchParams(window.location.search).has('access_token')) return false;
    return localStorage.getItem(TOKEN_STORAGE_KEY) === null;
  } catch {
    return false;
  }
}

/** The server's settings that came with a pre-rendered page, so no request waits for them. */
function seedPageData(): void {
  const json = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  try {
    if (json) seedPublicConfig(parsePublicConfig(JSON.parse(json)));
  } catch {
    // Fetched as usual instead.
  }
}

seedPageData();
const app = (hydrating: boolean) => (
  <StrictMode>
    <App hydrating={hydrating} />
  </StrictMode>
);
if (container.dataset.prerendered !== undefined && canHydrateAsVisitor()) {
  startSessionSignedOut();
  await loadRouteModules(window.location.pathname);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: the page it hydrates is already painted and readable.
  startTransition(() => {
    hydrateRoot(container, app(true));
  });
} else {
  container.replaceChildren();
  delete container.dataset.prerendered;
  createRoot(container).render(app(false));
}
