import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type * as BrowserTracker from './browser-tracker.ts';

/*
 * The tracker and its event schemas load after the page has painted, in their own chunk: a
 * visitor's first page never waits for analytics.
 */
let trackerModule: Promise<typeof BrowserTracker> | null = null;
let loadedTracker: typeof BrowserTracker | null = null;

function loadTracker() {
  trackerModule ??= import('./browser-tracker.ts').then((module) => (loadedTracker = module));
  return trackerModule;
}

/** Records a page view on every route change and flushes when the page is hidden. */
export function usePageViewTracking(): void {
  const location = useLocation();
  useEffect(() => {
    void loadTracker()
      .then((module) => module.trackPageView(location.pathname))
      .catch(() => undefined);
  }, [location.pathname]);
  useEffect(() => {
    // A hidden page may never run another task: flush only what is already loaded.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') loadedTracker?.flushTrackerOnHide();
    };
    const onPageHide = () => loadedTracker?.flushTrackerOnHide();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);
}
