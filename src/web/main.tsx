import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app.tsx';
import { loadRouteModules } from './app/router.tsx';
import { TOKEN_STORAGE_KEY } from './lib/auth/token-store.ts';
import { startSessionSignedOut } from './lib/auth/session.tsx';

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

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (container.dataset.prerendered !== undefined && canHydrateAsVisitor()) {
  startSessionSignedOut();
  await loadRouteModules(window.location.pathname);
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  delete container.dataset.prerendered;
  createRoot(container).render(app);
}
