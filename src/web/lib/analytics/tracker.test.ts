import { describe, expect, it } from 'vitest';
import type { AnalyticsEventInput } from '../../../shared/analytics.ts';
import { deriveChannel } from './channel.ts';
import { AnalyticsTracker, type TrackerEnvironment } from './tracker.ts';

function fakeEnvironment(overrides: Partial<TrackerEnvironment> = {}) {
  let now = Date.parse('2026-11-25T00:00:00Z');
  const storage = new Map<string, string>();
  const timers: { callback: () => void; at: number }[] = [];
  const sent: AnalyticsEventInput[][] = [];
  const beacons: AnalyticsEventInput[][] = [];
  let ids = 0;
  const env: TrackerEnvironment = {
    now: () => now,
    location: () => ({ pathname: '/pricing', search: '', host: 'faq.example' }),
    referrer: () => '',
    screenWidth: () => 390,
    doNotTrack: () => false,
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    },
    randomId: () => `session-${++ids}`,
    send: async (events) => void sent.push(events),
    beacon: (events) => void beacons.push(events),
    setTimer: (callback, ms) => {
      const timer = { callback, at: now + ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => void timers.splice(timers.indexOf(timer as never), 1),
    ...overrides,
  };
  return {
    env,
    sent,
    beacons,
    advance(ms: number) {
      now += ms;
      for (const timer of [...timers].filter((candidate) => candidate.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.callback();
      }
    },
  };
}

describe('AnalyticsTracker', () => {
  it('sends ten events as one batch at once, and fewer after 3 seconds', async () => {
    const fake = fakeEnvironment();
    const tracker = new AnalyticsTracker(fake.env);
    for (let index = 0; index < 12; index++) tracker.pageView(`/page-${index}`);
    await Promise.resolve();
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]).toHaveLength(10);
    fake.advance(2999);
    expect(fake.sent).toHaveLength(1);
    fake.advance(1);
    await Promise.resolve();
    expect(fake.sent.map((batch) => batch.length)).toEqual([10, 2]);
    expect(fake.sent[1]![1]).toMatchObject({
      type: 'page_view',
      pathname: '/page-11',
      screenWidth: 390,
      channel: 'direct',
      sessionId: 'session-1',
    });
  });

  it('hands what is waiting to a beacon when the page is hidden', () => {
    const fake = fakeEnvironment();
    const tracker = new AnalyticsTracker(fake.env);
    tracker.pageView();
    tracker.track('export_word');
    tracker.flushOnHide();
    expect(fake.beacons).toHaveLength(1);
    expect(fake.beacons[0]!.map((event) => event.type)).toEqual(['page_view', 'export_word']);
    fake.advance(5000);
    expect(fake.sent).toHaveLength(0);
  });

  it('starts a new session after 30 idle minutes, keeping the campaign of each visit', () => {
    let search = '?utm_source=newsletter&utm_medium=email&utm_campaign=winter';
    const fake = fakeEnvironment({
      location: () => ({ pathname: '/', search, host: 'faq.example' }),
    });
    const tracker = new AnalyticsTracker(fake.env);
    tracker.pageView();
    search = '';
    fake.advance(29 * 60 * 1000);
    tracker.pageView();
    fake.advance(31 * 60 * 1000);
    tracker.pageView();
    tracker.flushOnHide();
    // The 3 s timer sent the first two along the way; the beacon carried the last.
    const [first, second, third] = [...fake.sent.flat(), ...fake.beacons.flat()];
    expect(first).toMatchObject({
      sessionId: 'session-1',
      channel: 'email',
      utmCampaign: 'winter',
    });
    expect(second).toMatchObject({
      sessionId: 'session-1',
      channel: 'email',
      utmSource: 'newsletter',
    });
    expect(third).toMatchObject({ sessionId: 'session-2', channel: 'direct' });
    expect(third).not.toHaveProperty('utmSource');
  });

  it('cuts long strings to 256 characters', () => {
    const fake = fakeEnvironment({ referrer: () => `https://blog.example/${'x'.repeat(500)}` });
    const tracker = new AnalyticsTracker(fake.env);
    tracker.pageView(`/${'p'.repeat(300)}`);
    tracker.flushOnHide();
    const [event] = fake.beacons.flat();
    expect(event!.pathname).toHaveLength(256);
    expect(event!.referrer).toHaveLength(256);
    expect(event!.channel).toBe('referral');
  });

  it('records nothing for a visitor with Do Not Track', () => {
    const fake = fakeEnvironment({ doNotTrack: () => true });
    const tracker = new AnalyticsTracker(fake.env);
    tracker.pageView();
    tracker.flushOnHide();
    fake.advance(10_000);
    expect(fake.sent).toEqual([]);
    expect(fake.beacons).toEqual([]);
  });
});

describe('deriveChannel', () => {
  it('trusts utm_medium first, then the referrer', () => {
    expect(deriveChannel('cpc', 'https://www.google.com/', 'faq.example')).toBe('paid_search');
    expect(deriveChannel('Email', null, 'faq.example')).toBe('email');
    expect(deriveChannel('social', null, 'faq.example')).toBe('social');
    expect(deriveChannel('qr-code', null, 'faq.example')).toBe('other');
    expect(deriveChannel(null, 'https://www.google.co.jp/search?q=faq', 'faq.example')).toBe(
      'organic_search',
    );
    expect(deriveChannel(null, 'https://search.yahoo.co.jp/', 'faq.example')).toBe(
      'organic_search',
    );
    expect(deriveChannel(null, 'https://t.co/abc', 'faq.example')).toBe('social');
    expect(deriveChannel(null, 'https://www.facebook.com/', 'faq.example')).toBe('social');
    expect(deriveChannel(null, 'https://partner.example.jp/links', 'faq.example')).toBe('referral');
    expect(deriveChannel(null, 'https://faq.example/pricing', 'faq.example')).toBe('direct');
    expect(deriveChannel(null, '', 'faq.example')).toBe('direct');
    expect(deriveChannel(null, 'not a url', 'faq.example')).toBe('direct');
  });
});
