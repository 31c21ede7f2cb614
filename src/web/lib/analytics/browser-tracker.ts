import type { AnalyticsEventInput } from '../../../shared/analytics.ts';
import { apiRequest, currentAccessToken } from '../api-client.ts';
import { platformPath } from '../platform/project.ts';
import { AnalyticsTracker } from './tracker.ts';

let tracker: AnalyticsTracker | null = null;
let logUrl: string | null = null;
/** The last token seen, for beacons, which cannot wait for a refresh. */
let lastToken: string | null = null;

async function resolveLogUrl(): Promise<string> {
  logUrl ??= await platformPath('analytics', 'log');
  return logUrl;
}

function browserTracker(): AnalyticsTracker {
  tracker ??= new AnalyticsTracker({
    now: () => Date.now(),
    location: () => ({
      pathname: window.location.pathname,
      search: window.location.search,
      host: window.location.hostname,
    }),
    referrer: () => document.referrer,
    screenWidth: () => window.screen.width,
    doNotTrack: () =>
      navigator.doNotTrack === '1' ||
      (window as { doNotTrack?: string }).doNotTrack === '1' ||
      (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true,
    storage: window.localStorage,
    randomId: () => crypto.randomUUID(),
    async send(events: AnalyticsEventInput[]) {
      const [url, token] = await Promise.all([resolveLogUrl(), currentAccessToken()]);
      lastToken = token;
      // keepalive: a batch sent as the user leaves still arrives.
      await apiRequest(url, { method: 'POST', keepalive: true, body: { events } });
    },
    beacon(events: AnalyticsEventInput[]) {
      if (!logUrl) return;
      const body = JSON.stringify({ events, ...(lastToken ? { accessToken: lastToken } : {}) });
      navigator.sendBeacon(logUrl, new Blob([body], { type: 'application/json' }));
    },
    setTimer: (callback, ms) => window.setTimeout(callback, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
  });
  return tracker;
}

/** Records one page view (called from the page-view hook once this module has loaded). */
export function trackPageView(pathname: string): void {
  const instance = browserTracker();
  if (!instance.enabled) return;
  void resolveLogUrl().catch(() => undefined);
  void currentAccessToken()
    .then((token) => (lastToken = token))
    .catch(() => undefined);
  instance.pageView(pathname);
}

export function flushTrackerOnHide(): void {
  browserTracker().flushOnHide();
}
