import { lookup } from 'node:dns/promises';
import { and, count, eq, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { MAX_RUNNING_QUESTION_PHASES } from '../../../shared/limits.ts';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addToWindow } from '../../lib/rate-limiter.ts';

export const QUESTION_PHASE_LIMIT_MESSAGE = `FAQの作成を同時に実行できるのは${MAX_RUNNING_QUESTION_PHASES}件までです。実行中の作成が終わってから再度お試しください`;
export const SITE_BUSY_MESSAGE =
  'このサイトは現在ほかの作成で読み込み中のため、これ以上同時に読み込めません。しばらくしてから再度お試しください';
export const SITE_PAGE_LIMIT_MESSAGE =
  'このサイトへのアクセスが集中しているため、いまは読み込めません。1分ほどしてから再度お試しください';
/** About how long a question phase takes; a client may try again after it. */
const QUESTION_PHASE_RETRY_AFTER_SECONDS = 30;
const PAGE_WINDOW_MS = 60_000;

/** The site a URL reads, as one name: case, a trailing dot, `www.` and the port do not count. */
export function crawlHostOf(url: string): string {
  return new URL(url).hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/**
 * How many times a site's page budget all the sites on one public address may book together: a
 * shared host (a site builder, a rental server, a CDN edge) carries thousands of shops, so it is
 * not held to one shop's budget, but names made up to point at one server (a wildcard domain)
 * still cannot multiply the load on it without end.
 */
export const SHARED_SERVER_PAGE_FACTOR = 10;

type ResolveAll = (host: string) => Promise<string[]>;
const resolveAll: ResolveAll = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The site a URL reads, which the per-site limits count, and the server it is on. A public name
 * is its own site (its normalised host): shops on one shared host are different sites. An
 * address, or a name for a loopback, private or otherwise non-public address (localhost,
 * 127.1, 2130706433, [::1]), is named by that address, since such names are free to make up and
 * each counted alone multiplied the load one machine could be asked for. The server is the
 * address the name resolves to: of several, the lowest IPv4 one (else IPv6), so a round-robin
 * answer in any order names the same server; IPv4-mapped IPv6 is the IPv4 address and ::1 is
 * 127.0.0.1. A name that does not resolve keeps its name for both: its crawl fails on its own.
 */
export async function crawlSiteOf(
  url: string,
  resolve: ResolveAll = resolveAll,
): Promise<{ site: string; server: string }> {
  const host = crawlHostOf(url).replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : await resolve(host);
  } catch {
    return { site: host, server: host };
  }
  const normalised = addresses.filter((address) => ipaddr.isValid(address)).map(normalAddress);
  const v4 = normalised.filter((address) => !address.includes(':')).sort();
  const v6 = normalised.filter((address) => address.includes(':')).sort();
  const server = v4[0] ?? v6[0];
  if (!server) return { site: host, server: host };
  const publicName = !ipaddr.isValid(host) && ipaddr.parse(server).range() === 'unicast';
  return { site: publicName ? host : server, server };
}

function normalAddress(address: string): string {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.range() === 'loopback') return '127.0.0.1';
  }
  return parsed.toNormalizedString();
}

/** A crawl about to start: its site, how many pages it may read there, and the site's limits. */
export interface CrawlBooking {
  /** The site (crawlSiteOf), stored as the record's crawlHost. */
  host: string;
  /** The address the site is on; all its sites together book SHARED_SERVER_PAGE_FACTOR × pages. */
  server: string;
  pages: number;
  maxConcurrent: number;
  maxPagesPerMinute: number;
}

/** What a request would crawl: a URL record reads its site; text and categories read none. */
export async function crawlBooking(
  input:
    { method: 'url'; url?: string | undefined; includeSubpages: boolean } | { method: 'category' },
  config: Pick<
    Config,
    'CRAWL_MAX_PAGES' | 'CRAWL_HOST_CONCURRENCY' | 'CRAWL_HOST_PAGES_PER_MINUTE'
  >,
): Promise<CrawlBooking | undefined> {
  if (input.method !== 'url' || !input.url) return undefined;
  const { site, server } = await crawlSiteOf(input.url);
  return {
    host: site,
    server,
    pages: input.includeSubpages ? config.CRAWL_MAX_PAGES : 1,
    maxConcurrent: config.CRAWL_HOST_CONCURRENCY,
    maxPagesPerMinute: config.CRAWL_HOST_PAGES_PER_MINUTE,
  };
}

/**
 * Runs `start` (which starts a question phase: a new record, or a draft's questions
 * regenerated) only while the user has fewer than MAX_RUNNING_QUESTION_PHASES records reading
 * pages or writing questions: each one fetches a third-party site, so an unbounded number would
 * turn us into a crawler for hire. A crawl must also fit its site's limits, all users together
 * (CRAWL_HOST_CONCURRENCY running, and its pages within CRAWL_HOST_PAGES_PER_MINUTE, booked in
 * `rate_limit_buckets`; defaults in shared/limits.ts). Advisory locks per user and then per site serialise the
 * counts and the start across processes; a refusal rolls everything back, so it books nothing
 * and leaves no record.
 */
export async function withinQuestionPhaseLimit<T>(
  db: Database,
  userId: string,
  start: (tx: DbOrTx) => Promise<T>,
  crawl?: CrawlBooking,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`question-phase:${userId}`}))`);
    const [running] = await tx
      .select({ n: count() })
      .from(faqGenerations)
      .where(and(eq(faqGenerations.userId, userId), eq(faqGenerations.stage, 'fetching')));
    if ((running?.n ?? 0) >= MAX_RUNNING_QUESTION_PHASES) {
      throw new HttpError(429, QUESTION_PHASE_LIMIT_MESSAGE, {
        code: 'RATE_LIMITED',
        retryAfterSeconds: QUESTION_PHASE_RETRY_AFTER_SECONDS,
      });
    }
    if (crawl) await bookCrawl(tx, crawl);
    return start(tx);
  });
}

async function bookCrawl(tx: DbOrTx, crawl: CrawlBooking): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`crawl-host:${crawl.host}`}))`);
  const [crawling] = await tx
    .select({ n: count() })
    .from(faqGenerations)
    .where(and(eq(faqGenerations.crawlHost, crawl.host), eq(faqGenerations.stage, 'fetching')));
  if ((crawling?.n ?? 0) >= crawl.maxConcurrent) {
    throw new HttpError(429, SITE_BUSY_MESSAGE, {
      code: 'RATE_LIMITED',
      retryAfterSeconds: QUESTION_PHASE_RETRY_AFTER_SECONDS,
    });
  }
  await bookPages(tx, `crawl-pages:${crawl.host}`, crawl.pages, crawl.maxPagesPerMinute);
  if (crawl.server !== crawl.host)
    await bookPages(
      tx,
      `crawl-server-pages:${crawl.server}`,
      crawl.pages,
      crawl.maxPagesPerMinute * SHARED_SERVER_PAGE_FACTOR,
    );
}

/** Books pages in this minute's bucket of `key`; past `limit` the whole start is refused. */
async function bookPages(tx: DbOrTx, key: string, pages: number, limit: number): Promise<void> {
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / PAGE_WINDOW_MS) * PAGE_WINDOW_MS);
  if ((await addToWindow(tx, key, windowStart, pages)) > limit) {
    throw new HttpError(429, SITE_PAGE_LIMIT_MESSAGE, {
      code: 'RATE_LIMITED',
      retryAfterSeconds: Math.max(
        1,
        Math.ceil((windowStart.getTime() + PAGE_WINDOW_MS - now) / 1000),
      ),
    });
  }
}
