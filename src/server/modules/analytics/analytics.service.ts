import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AnalyticsEvent, AnalyticsSummary } from '../../../shared/analytics.ts';
import type { DbOrTx } from '../../db/client.ts';
import { analyticsEvents, users } from '../../db/schema.ts';

/** Events dated further off than this are clock errors or replays; they get the server time. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/** The signed-in visitor named by a verified token, or null when the account is gone. */
export async function findVisitor(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** One row per event, attributed to the visitor when there is one. */
export async function recordEvents(
  db: DbOrTx,
  projectId: string,
  user: { id: string; email: string } | null,
  events: AnalyticsEvent[],
): Promise<void> {
  const now = Date.now();
  await db.insert(analyticsEvents).values(
    events.map((event) => {
      const timestamp = new Date(event.timestamp);
      return {
        id: randomUUID(),
        type: event.type,
        timestamp:
          Math.abs(timestamp.getTime() - now) > MAX_CLOCK_SKEW_MS ? new Date(now) : timestamp,
        projectId,
        userId: user?.id ?? null,
        userEmail: user?.email ?? null,
        sessionId: event.sessionId ?? null,
        pathname: event.pathname ?? null,
        referrer: event.referrer ?? null,
        screenWidth: event.screenWidth ?? null,
        channel: event.channel ?? null,
        utmSource: event.utmSource ?? null,
        utmMedium: event.utmMedium ?? null,
        utmCampaign: event.utmCampaign ?? null,
        utmContent: event.utmContent ?? null,
        utmTerm: event.utmTerm ?? null,
      };
    }),
  );
}

/** Days are Japanese calendar days; Japan has no daylight saving, so a fixed offset is exact. */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

function jstDate(time: number): string {
  return new Date(time + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Page views per day and visits (distinct sessions) per day and per channel, for the admin
 * dashboard. Every day of the window is present, zero when nothing happened.
 */
export async function analyticsSummary(
  db: DbOrTx,
  days: number,
  now = new Date(),
): Promise<AnalyticsSummary> {
  const today = jstDate(now.getTime());
  const firstDay = new Date(`${today}T00:00:00+09:00`).getTime() - (days - 1) * 86_400_000;
  const since = new Date(firstDay);
  type Daily = { date: string; page_views: number; visits: number };
  type ChannelRow = { channel: string; visits: number };
  type Totals = { page_views: number; visits: number };
  const daily = await db.execute(sql`
    select to_char(timestamp + interval '9 hours', 'YYYY-MM-DD') as date,
           count(*) filter (where type = 'page_view')::int as page_views,
           count(distinct session_id)::int as visits
    from analytics_events
    where timestamp >= ${since}
    group by 1`);
  const channels = await db.execute(sql`
    select coalesce(channel, 'direct') as channel, count(distinct session_id)::int as visits
    from analytics_events
    where timestamp >= ${since} and session_id is not null
    group by 1
    order by 2 desc, 1`);
  const byDate = new Map(rowsOf<Daily>(daily).map((row) => [row.date, row]));
  const pageViewsByDay = Array.from({ length: days }, (_, index) => {
    const date = jstDate(firstDay + index * 86_400_000);
    const row = byDate.get(date);
    return { date, pageViews: Number(row?.page_views ?? 0), visits: Number(row?.visits ?? 0) };
  });
  const [totals] = rowsOf<Totals>(
    await db.execute(sql`
      select count(*) filter (where type = 'page_view')::int as page_views,
             count(distinct session_id)::int as visits
      from analytics_events where timestamp >= ${since}`),
  );
  return {
    days,
    pageViewsByDay,
    visitsByChannel: rowsOf<ChannelRow>(channels).map((row) => ({
      channel: row.channel,
      visits: Number(row.visits),
    })),
    totals: { pageViews: Number(totals?.page_views ?? 0), visits: Number(totals?.visits ?? 0) },
  };
}

/** node-postgres returns { rows }, PGlite's drizzle driver the same; both typed loosely. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
