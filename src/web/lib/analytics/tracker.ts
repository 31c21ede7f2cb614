import type { AnalyticsEventInput, Channel } from '../../../shared/analytics.ts';
import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_MS,
  ANALYTICS_MAX_STRING,
  ANALYTICS_SESSION_IDLE_MS,
} from '../../../shared/analytics-limits.ts';
import { deriveChannel } from './channel.ts';

const SESSION_KEY = 'faq-kobo.analytics.session';

interface StoredSession {
  id: string;
  lastActivity: number;
  channel: Channel;
  referrer: string | null;
  utm: Partial<
    Record<'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmContent' | 'utmTerm', string>
  >;
}

export interface TrackerEnvironment {
  now(): number;
  /** Where a visit lands: pathname and query string. */
  location(): { pathname: string; search: string; host: string };
  referrer(): string;
  screenWidth(): number;
  doNotTrack(): boolean;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  randomId(): string;
  /** An ordinary request, with the user's token when signed in. */
  send(events: AnalyticsEventInput[]): Promise<void>;
  /** For page hide: must survive the page going away. */
  beacon(events: AnalyticsEventInput[]): void;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

const cut = (value: string | null | undefined): string | null =>
  value ? value.slice(0, ANALYTICS_MAX_STRING) : null;

/**
 * The browser side of analytics (docs/spec.md §9): events are batched ten at a time, sent 3 s after
 * the first one waits, and on page hide by beacon; a session ends after 30 idle minutes; a
 * visitor who asks not to be tracked (Do Not Track) is not.
 */
export class AnalyticsTracker {
  private readonly env: TrackerEnvironment;
  private queue: AnalyticsEventInput[] = [];
  private timer: unknown = null;

  constructor(env: TrackerEnvironment) {
    this.env = env;
  }

  get enabled(): boolean {
    return !this.env.doNotTrack();
  }

  private session(): StoredSession {
    const now = this.env.now();
    let stored: StoredSession | null = null;
    try {
      stored = JSON.parse(this.env.storage.getItem(SESSION_KEY) ?? 'null') as StoredSession | null;
    } catch {
      stored = null;
    }
    if (!stored || now - stored.lastActivity > ANALYTICS_SESSION_IDLE_MS) {
      // A new visit: its channel and campaign come from how this page was reached.
      const { search, host } = this.env.location();
      const params = new URLSearchParams(search);
      const utm: StoredSession['utm'] = {};
      for (const [key, name] of [
        ['utmSource', 'utm_source'],
        ['utmMedium', 'utm_medium'],
        ['utmCampaign', 'utm_campaign'],
        ['utmContent', 'utm_content'],
        ['utmTerm', 'utm_term'],
      ] as const) {
        const value = cut(params.get(name));
        if (value) utm[key] = value;
      }
      const referrer = cut(this.env.referrer()) ?? null;
      stored = {
        id: this.env.randomId(),
        lastActivity: now,
        channel: deriveChannel(utm.utmMedium ?? null, referrer, host),
        referrer,
        utm,
      };
    }
    stored.lastActivity = now;
    try {
      this.env.storage.setItem(SESSION_KEY, JSON.stringify(stored));
    } catch {
      // Storage full or blocked: the session lives only as long as this page.
    }
    return stored;
  }

  track(type: string, pathname = this.env.location().pathname): void {
    if (!this.enabled) return;
    const session = this.session();
    this.queue.push({
      type,
      timestamp: new Date(this.env.now()).toISOString(),
      sessionId: session.id,
      pathname: cut(pathname),
      referrer: session.referrer,
      screenWidth: this.env.screenWidth(),
      channel: session.channel,
      ...session.utm,
    });
    if (this.queue.length >= ANALYTICS_BATCH_SIZE) void this.flush();
    else if (this.timer === null)
      this.timer = this.env.setTimer(() => void this.flush(), ANALYTICS_FLUSH_MS);
  }

  pageView(pathname?: string): void {
    this.track('page_view', pathname);
  }

  private take(): AnalyticsEventInput[] {
    if (this.timer !== null) this.env.clearTimer(this.timer);
    this.timer = null;
    const batch = this.queue.slice(0, ANALYTICS_BATCH_SIZE);
    this.queue = this.queue.slice(ANALYTICS_BATCH_SIZE);
    return batch;
  }

  async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.take();
      // Analytics never disturbs the user: a lost batch is only a lost statistic.
      await this.env.send(batch).catch(() => undefined);
    }
  }

  /** The page is going away: hand everything to the browser to deliver. */
  flushOnHide(): void {
    while (this.queue.length > 0) this.env.beacon(this.take());
  }
}
