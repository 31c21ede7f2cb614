import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { analyticsEvents } from '../../db/schema.ts';
import { analyticsSummary } from './analytics.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const log = (payload: object, headers: Record<string, string> = {}, project = 'faq-kobo') =>
  t.app.inject({ method: 'POST', url: `/api/analytics/${project}/log`, headers, payload });

const event = (overrides: Record<string, unknown> = {}) => ({
  type: 'page_view',
  timestamp: new Date().toISOString(),
  sessionId: 's-1',
  pathname: '/',
  referrer: null,
  screenWidth: 1280,
  channel: 'direct',
  ...overrides,
});

describe('POST /api/analytics/{project}/log', () => {
  it('stores anonymous events, cutting long strings instead of refusing them', async () => {
    const response = await log({
      events: [
        event({ sessionId: 'anon', pathname: `/${'a'.repeat(400)}`, utmSource: 'newsletter' }),
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 1 });
    const [row] = await t.app.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.sessionId, 'anon'));
    expect(row).toMatchObject({ userId: null, utmSource: 'newsletter', projectId: 'faq-kobo' });
    expect(row!.pathname).toHaveLength(256);
  });

  it('takes the user from a verified token only (header or beacon body), never from the event', async () => {
    const user = await seedUser(t.app);
    await log(
      { events: [event({ sessionId: 'by-header', userId: 'someone-else' })] },
      user.headers,
    );
    await log({ events: [event({ sessionId: 'by-beacon' })], accessToken: user.token });
    await log({ events: [event({ sessionId: 'forged' })], accessToken: 'not-a-token' });
    const rows = await t.app.db.select().from(analyticsEvents);
    const bySession = (id: string) => rows.find((row) => row.sessionId === id)!;
    expect(bySession('by-header')).toMatchObject({ userId: user.id, userEmail: user.email });
    expect(bySession('by-beacon')).toMatchObject({ userId: user.id });
    expect(bySession('forged').userId).toBeNull();
  });

  it('validates batches with Japanese messages and knows only our project', async () => {
    expect((await log({ events: [] })).json().error.message).toContain('イベントがありません');
    expect((await log({ events: Array.from({ length: 51 }, () => event()) })).statusCode).toBe(400);
    expect((await log({ events: [event({ type: 'Page View' })] })).statusCode).toBe(400);
    expect((await log({ events: [event({ timestamp: 'yesterday' })] })).statusCode).toBe(400);
    expect((await log({ events: [event({ channel: 'tv' })] })).statusCode).toBe(400);
    expect((await log({ events: [event()] }, {}, 'other')).statusCode).toBe(404);
  });

  it('replaces timestamps far off the server clock', async () => {
    await log({ events: [event({ sessionId: 'skewed', timestamp: '2001-01-01T00:00:00Z' })] });
    const [row] = await t.app.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.sessionId, 'skewed'));
    expect(Math.abs(row!.timestamp.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe('admin analytics summary', () => {
  it('counts page views and visits per Japanese day and visits per channel', async () => {
    const fresh = await createTestApp();
    try {
      const now = new Date('2026-11-25T03:00:00Z'); // 12:00 in Tokyo
      const at = (iso: string, overrides: Record<string, unknown>) => ({
        id: crypto.randomUUID(),
        type: 'page_view',
        projectId: 'faq-kobo',
        timestamp: new Date(iso),
        ...overrides,
      });
      await fresh.app.db.insert(analyticsEvents).values([
        // 2026-11-24 23:30 JST: yesterday in Japan although still the 24th in UTC too.
        at('2026-11-24T14:30:00Z', { sessionId: 'a', channel: 'organic_search' }),
        at('2026-11-24T14:31:00Z', { sessionId: 'a', channel: 'organic_search' }),
        // 2026-11-25 00:30 JST: today in Japan, still the 24th in UTC.
        at('2026-11-24T15:30:00Z', { sessionId: 'b', channel: 'social' }),
        at('2026-11-25T01:00:00Z', { sessionId: 'c', channel: null }),
        at('2026-11-25T01:00:01Z', { sessionId: 'c', channel: null, type: 'click' }),
      ]);
      const summary = await analyticsSummary(fresh.app.db, 3, now);
      expect(summary.pageViewsByDay).toEqual([
        { date: '2026-11-23', pageViews: 0, visits: 0 },
        { date: '2026-11-24', pageViews: 2, visits: 1 },
        { date: '2026-11-25', pageViews: 2, visits: 2 },
      ]);
      expect(summary.visitsByChannel).toEqual([
        { channel: 'direct', visits: 1 },
        { channel: 'organic_search', visits: 1 },
        { channel: 'social', visits: 1 },
      ]);
      expect(summary.totals).toEqual({ pageViews: 4, visits: 3 });

      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'admin', password: 'admin123' },
      });
      const response = await fresh.app.inject({
        method: 'GET',
        url: '/api/admin/analytics?days=7',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().pageViewsByDay).toHaveLength(7);
      const user = await seedUser(fresh.app);
      const asUser = await fresh.app.inject({
        method: 'GET',
        url: '/api/admin/analytics',
        headers: user.headers,
      });
      expect(asUser.statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});
