import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import { balance, createDraft, waitForStage } from '../../../../tests/helpers/generations.ts';
import {
  MAX_CONCURRENT_CRAWLS_PER_HOST,
  MAX_PAGES_PER_HOST_PER_MINUTE,
  MAX_RUNNING_QUESTION_PHASES,
} from '../../../shared/limits.ts';
import { faqGenerations, rateLimitBuckets } from '../../db/schema.ts';
import {
  crawlHostOf,
  crawlSiteOf,
  QUESTION_PHASE_LIMIT_MESSAGE,
  SHARED_SERVER_PAGE_FACTOR,
  SITE_BUSY_MESSAGE,
  SITE_PAGE_LIMIT_MESSAGE,
  withinQuestionPhaseLimit,
} from './generation-limits.ts';

let t: TestApp;
beforeAll(async () => {
  // A provider that is configured but never reached: refused models must not get that far.
  t = await createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
});
afterAll(async () => {
  await t.close();
});

const TEXT = '当店の営業時間は平日10時から19時までです。駐車場は20台分あります。'.repeat(4);

const create = (user: SeededUser, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/generations',
    headers: user.headers,
    payload: { method: 'url', textInput: TEXT, faqCount: 5, ...extra },
  });

async function seedRunning(user: SeededUser, count: number, on: TestApp = t): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, index) => `faq_running_${user.id}_${index}`);
  await on.app.db.insert(faqGenerations).values(
    ids.map((id) => ({
      id,
      userId: user.id,
      title: '読み込み中',
      method: 'url',
      status: 'generating',
      stage: 'fetching' as const,
      progress: 10,
      message: 'ページを読み込んでいます',
    })),
  );
  return ids;
}

describe('running question phases per user', () => {
  it(`allows ${MAX_RUNNING_QUESTION_PHASES} at once, then answers 429 in Japanese with Retry-After`, async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const other = await seedUser(t.app, { credits: 10 });
    const ids = await seedRunning(user, MAX_RUNNING_QUESTION_PHASES);

    const refused = await create(user, { ai: { provider: 'auto' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(QUESTION_PHASE_LIMIT_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.app.db
      .select()
      .from(faqGenerations)
      .where(eq(faqGenerations.userId, user.id));
    expect(rows).toHaveLength(MAX_RUNNING_QUESTION_PHASES);

    // Another user is not affected; a finished phase frees a slot.
    expect((await seedRunning(other, 1)).length).toBe(1);
    await t.app.db
      .update(faqGenerations)
      .set({ stage: 'questions_ready', status: 'questions_ready' })
      .where(eq(faqGenerations.id, ids[0]!));
    const accepted = await create(user, { ai: { provider: 'auto' } });
    expect(accepted.statusCode, accepted.body).toBe(202);
  });
});

describe('model ids', () => {
  it('refuses a model the operator has not listed, before any record or provider call', async () => {
    const user = await seedUser(t.app, { credits: 10 });
    const response = await create(user, {
      ai: { provider: 'openai', model: 'o1-pro-2025-03-19' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('モデル「o1-pro-2025-03-19」は利用できません');
    const rows = await t.app.db
      .select()
      .from(faqGenerations)
      .where(eq(faqGenerations.userId, user.id));
    expect(rows).toEqual([]);
  });
});

describe('parallel starts', () => {
  let slowSite: Server;
  let siteUrl: string;
  let local: TestApp;
  beforeAll(async () => {
    // A site that takes its time, so every question phase is still reading it.
    slowSite = createServer((_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(`<html><body><main><p>${TEXT}</p></main></body></html>`);
      }, 2000);
    });
    await new Promise<void>((resolve) => slowSite.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(slowSite.address() as AddressInfo).port}/`;
    local = await createTestApp({ FETCH_ALLOW_PRIVATE: 'true' });
  });
  afterAll(async () => {
    await local.close();
    slowSite.closeAllConnections();
    await new Promise((resolve) => slowSite.close(resolve));
  });

  it(`let exactly ${MAX_RUNNING_QUESTION_PHASES} of many simultaneous starts through`, async () => {
    const user = await seedUser(local.app, { credits: 10 });
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        local.app.inject({
          method: 'POST',
          url: '/api/generations',
          headers: user.headers,
          payload: { method: 'url', url: siteUrl, faqCount: 5 },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(MAX_RUNNING_QUESTION_PHASES).fill(202),
      ...Array<number>(6 - MAX_RUNNING_QUESTION_PHASES).fill(429),
    ]);
  });

  it("counts a regeneration of a draft's questions as a running phase", async () => {
    const user = await seedUser(local.app, { credits: 10 });
    const draft = await createDraft(local, user);
    const running = await seedRunning(user, MAX_RUNNING_QUESTION_PHASES, local);
    const regenerate = () =>
      local.app.inject({
        method: 'POST',
        url: `/api/generations/${draft.id}/questions/regenerate`,
        headers: user.headers,
      });

    const refused = await regenerate();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(QUESTION_PHASE_LIMIT_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [kept] = await local.app.db
      .select()
      .from(faqGenerations)
      .where(eq(faqGenerations.id, draft.id));
    expect(kept).toMatchObject({
      stage: 'questions_ready',
      questions: JSON.stringify(draft.questions),
    });

    await local.app.db
      .update(faqGenerations)
      .set({ stage: 'questions_ready' })
      .where(eq(faqGenerations.id, running[0]!));
    const accepted = await regenerate();
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json()).toEqual({ id: draft.id, reused: false });
  });
});

describe('crawls of one site, all users together', () => {
  let site: Server;
  let port: number;
  let crawlApp: TestApp;
  beforeAll(async () => {
    // Slow, so the crawls started here are still reading it while the test runs.
    site = createServer((_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(`<html><body><main><p>${TEXT}</p></main></body></html>`);
      }, 2000);
    });
    // Every loopback name and address reaches it; the limits count each address once.
    await new Promise<void>((resolve) => site.listen(0, '::', resolve));
    port = (site.address() as AddressInfo).port;
    crawlApp = await createTestApp({ FETCH_ALLOW_PRIVATE: 'true', CRAWL_MAX_PAGES: '30' });
  });
  afterAll(async () => {
    await crawlApp.close();
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  });

  const crawl = (user: SeededUser, url: string, includeSubpages: boolean) =>
    crawlApp.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: user.headers,
      payload: { method: 'url', url, faqCount: 5, includeSubpages },
    });
  const recordsOf = (user: SeededUser) =>
    crawlApp.app.db.select().from(faqGenerations).where(eq(faqGenerations.userId, user.id));

  it('names a site by its normalised host', () => {
    expect(crawlHostOf('https://WWW.Example.JP.:8443/about?x=1')).toBe('example.jp');
    expect(crawlHostOf('http://example.jp/')).toBe('example.jp');
  });

  it('counts a server once under every name of it', async () => {
    for (const url of [
      'http://localhost:8080/',
      'http://LOCALHOST./a',
      'http://127.0.0.1/',
      'http://127.1/',
      'http://2130706433/',
      'http://[::1]:3000/',
      'http://[::ffff:127.0.0.1]/',
      'http://www.localhost/',
    ])
      expect((await crawlSiteOf(url)).site, url).toBe('127.0.0.1');
    expect((await crawlSiteOf('http://127.0.0.2/')).site).toBe('127.0.0.2');
    expect((await crawlSiteOf('http://[2001:DB8::1]/')).site).toBe('2001:db8:0:0:0:0:0:1');
    // A name that does not resolve keeps its name (its crawl fails on its own).
    expect(await crawlSiteOf('http://no-such-host.invalid/')).toEqual({
      site: 'no-such-host.invalid',
      server: 'no-such-host.invalid',
    });
  });

  it('keeps shops on one shared public host apart, each under its own name', async () => {
    // A rental server or site builder answers for thousands of shops at a few addresses.
    const sharedHost = async () => ['8.8.4.4', '8.8.8.8'];
    expect(await crawlSiteOf('https://www.shop-a.example/menu', sharedHost)).toEqual({
      site: 'shop-a.example',
      server: '8.8.4.4',
    });
    expect((await crawlSiteOf('https://shop-b.example/', sharedHost)).site).toBe('shop-b.example');
    // A name of one's own for a private or loopback address is that address.
    expect((await crawlSiteOf('http://intranet.example/', async () => ['10.0.0.5'])).site).toBe(
      '10.0.0.5',
    );
  });

  it(`lets the sites of one public server book ${SHARED_SERVER_PAGE_FACTOR} sites' pages a minute together`, async () => {
    await until(() => Date.now() % 60_000 < 50_000);
    const user = await seedUser(crawlApp.app, { credits: 10 });
    const book = (site: string) =>
      withinQuestionPhaseLimit(crawlApp.app.db, user.id, async () => 'started', {
        host: site,
        server: '198.18.7.7',
        pages: MAX_PAGES_PER_HOST_PER_MINUTE,
        maxConcurrent: MAX_CONCURRENT_CRAWLS_PER_HOST,
        maxPagesPerMinute: MAX_PAGES_PER_HOST_PER_MINUTE,
      });
    // Each made-up name gets one site's budget, but together no more than the factor's worth.
    for (let index = 0; index < SHARED_SERVER_PAGE_FACTOR; index++)
      expect(await book(`name-${index}.wildcard.example`)).toBe('started');
    await expect(book('one-more.wildcard.example')).rejects.toMatchObject({
      status: 429,
      message: SITE_PAGE_LIMIT_MESSAGE,
    });
    // A site on another server is not held back by it.
    await expect(
      withinQuestionPhaseLimit(crawlApp.app.db, user.id, async () => 'started', {
        host: 'elsewhere.example',
        server: '198.18.8.8',
        pages: 1,
        maxConcurrent: MAX_CONCURRENT_CRAWLS_PER_HOST,
        maxPagesPerMinute: MAX_PAGES_PER_HOST_PER_MINUTE,
      }),
    ).resolves.toBe('started');
  });

  it('refuses a crawl of a busy server under another of its names', async () => {
    const others = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_CRAWLS_PER_HOST }, () =>
        seedUser(crawlApp.app, { credits: 10 }),
      ),
    );
    // Three crawls running, each started under a different name of this machine.
    const names = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
    ];
    const started: { owner: SeededUser; id: string }[] = [];
    for (const [index, other] of others.entries()) {
      const response = await crawl(other, names[index % names.length]!, false);
      expect(response.statusCode, response.body).toBe(202);
      started.push({ owner: other, id: response.json().id as string });
    }
    const user = await seedUser(crawlApp.app, { credits: 10 });
    for (const url of [`http://localhost:${port}/other`, `http://127.1:${port}/`]) {
      const refused = await crawl(user, url, false);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json().error.message).toBe(SITE_BUSY_MESSAGE);
    }
    // Their crawls end before the next test counts this machine's running crawls.
    for (const { owner, id } of started)
      await waitForStage(crawlApp, owner, id, ['questions_ready', 'failed']);
  });

  it(`lets ${MAX_CONCURRENT_CRAWLS_PER_HOST} crawls of one site run at once, whoever asks`, async () => {
    const others = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_CRAWLS_PER_HOST }, () =>
        seedUser(crawlApp.app, { credits: 10 }),
      ),
    );
    const seeded = (
      await Promise.all(others.map((other) => seedRunning(other, 1, crawlApp)))
    ).flat();
    await crawlApp.app.db
      .update(faqGenerations)
      .set({ crawlHost: '127.0.0.1' })
      .where(inArray(faqGenerations.id, seeded));
    const user = await seedUser(crawlApp.app, { credits: 10 });

    const refused = await crawl(user, `http://127.0.0.1:${port}/shop`, false);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(SITE_BUSY_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await recordsOf(user)).toEqual([]);
    expect(await balance(crawlApp, user.id)).toEqual({ credits: 10, reserved: 0 });

    // Another server is not affected; a finished crawl frees a slot.
    expect((await crawl(user, `http://127.0.0.2:${port}/`, false)).statusCode).toBe(202);
    await crawlApp.app.db
      .update(faqGenerations)
      .set({ stage: 'questions_ready' })
      .where(inArray(faqGenerations.id, seeded));
    const accepted = await crawl(user, `http://127.0.0.1:${port}/shop`, false);
    expect(accepted.statusCode, accepted.body).toBe(202);
  });

  it(`books at most ${MAX_PAGES_PER_HOST_PER_MINUTE} pages of one site a minute`, async () => {
    // The budget is counted per clock minute: start well inside one.
    await until(() => Date.now() % 60_000 < 50_000);
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map(() => seedUser(crawlApp.app, { credits: 10 })),
    );
    // An address of its own, so the other tests' crawls of this machine do not count here.
    const url = `http://127.0.0.3:${port}/menu`;
    // With subpages, a crawl books CRAWL_MAX_PAGES (30 here): two fit in the minute.
    expect((await crawl(first!, url, true)).statusCode).toBe(202);
    expect((await crawl(second!, url, true)).statusCode).toBe(202);
    const refused = await crawl(third!, url, true);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(SITE_PAGE_LIMIT_MESSAGE);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await recordsOf(third!)).toEqual([]);
    // The refusal booked nothing.
    const buckets = await crawlApp.app.db
      .select()
      .from(rateLimitBuckets)
      .where(eq(rateLimitBuckets.key, 'crawl-pages:127.0.0.3'));
    expect(buckets.map((bucket) => bucket.count)).toEqual([MAX_PAGES_PER_HOST_PER_MINUTE]);
  });
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 200));
}
