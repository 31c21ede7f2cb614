import { existsSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { charsetOf, declaresCharset } from './charset.ts';
import { safeFetch, type SafeFetchOptions } from './safe-fetch.ts';

/** A render waits this long at most; a page still busy by then is read as it stands. */
const NAVIGATION_TIMEOUT_MS = 15_000;
const SETTLE_TIMEOUT_MS = 3_000;
/** Each render is a browser tab with its own memory; two at a time is plenty on a small server. */
const MAX_CONCURRENT_RENDERS = 2;
const SKIPPED_RESOURCES = new Set(['image', 'media', 'font']);

/** Debian's Chromium as root on a closed network: no sandbox, no GPU, no calls home. */
export const CHROMIUM_BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const LAUNCH_ARGS = [
  ...CHROMIUM_BASE_ARGS,
  // Every request is answered by our guarded fetcher (below). Anything that slips past
  // request interception (a socket, WebRTC) meets a proxy that does not exist.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/** Types Chromium decodes as text: pages, scripts, style sheets, plain text, XML. */
const TEXTUAL = /^\s*(text\/|application\/(?:(?:x-)?javascript|ecmascript|xhtml\+xml|xml)\b)/i;

/**
 * A Content-Type that names the charset the bytes are in. Served without one, a page (or a
 * script, which takes its page's charset) is decoded by Chromium's default, windows-1252, and a
 * Shift_JIS or EUC-JP site is read as mojibake, or its script does not even parse (a Shift_JIS
 * second byte can be a backslash). The charset is found as for a fetched page (charset.ts): a
 * BOM, a <meta>, then detection from the bytes, so the rendered text reads as the fetched one.
 */
function withCharset(contentType: string, body: Buffer): string | undefined {
  if (!contentType) return undefined;
  if (!TEXTUAL.test(contentType) || declaresCharset(contentType) || body.length === 0)
    return contentType;
  const type = contentType.replace(/;\s*charset=[^;]*/i, '').trim();
  return `${type}; charset=${charsetOf(body, contentType)}`;
}

export interface RenderOptions {
  fetchOptions: SafeFetchOptions;
}

/**
 * Debian's Chromium, driven by playwright-core, for pages that are empty until JavaScript runs.
 * The browser never touches the network itself: each request it makes goes through safeFetch,
 * so the SSRF guard applies to scripts and redirects exactly as to the page.
 */
export class PageRenderer {
  private browser: Promise<Browser> | null = null;
  private readonly limit = pLimit(MAX_CONCURRENT_RENDERS);
  private closed = false;

  private readonly executablePath: string | undefined;
  private readonly log: FastifyBaseLogger | undefined;

  constructor(executablePath: string | undefined, log?: FastifyBaseLogger) {
    this.executablePath = executablePath;
    this.log = log;
  }

  get available(): boolean {
    return !this.closed && Boolean(this.executablePath) && existsSync(this.executablePath!);
  }

  private launch(): Promise<Browser> {
    // Imported on first use: most servers and tests never render a page.
    this.browser ??= import('playwright-core')
      .then(({ chromium }) =>
        chromium.launch({ executablePath: this.executablePath, headless: true, args: LAUNCH_ARGS }),
      )
      .then((browser) => {
        browser.on('disconnected', () => {
          this.browser = null;
        });
        return browser;
      })
      .catch((error: unknown) => {
        this.browser = null;
        throw error;
      });
    return this.browser;
  }

  private async openContext(
    options: RenderOptions,
    skipped: ReadonlySet<string>,
  ): Promise<BrowserContext> {
    const browser = await this.launch();
    const context = await browser.newContext({
      serviceWorkers: 'block',
      javaScriptEnabled: true,
      locale: 'ja-JP',
      viewport: { width: 1280, height: 900 },
    });
    await context.route('**/*', async (route) => {
      const request = route.request();
      if (skipped.has(request.resourceType()) || request.method() !== 'GET')
        return route.abort('blockedbyclient');
      try {
        const resource = await safeFetch(request.url(), {
          ...options.fetchOptions,
          accept: request.headers()['accept'],
        });
        await route.fulfill({
          status: resource.status,
          contentType: withCharset(resource.contentType, resource.body),
          body: resource.body,
        });
      } catch {
        await route.abort('blockedbyclient').catch(() => undefined);
      }
    });
    await context.routeWebSocket(/.*/, (socket) => socket.close());
    return context;
  }

  /** Opens the page in a fresh context, runs `read` on it, and always cleans up. */
  private async withPage<T>(
    url: string,
    options: RenderOptions,
    skipped: ReadonlySet<string>,
    read: (page: Page) => Promise<T>,
  ): Promise<T | null> {
    if (!this.available) return null;
    return this.limit(async () => {
      let context: BrowserContext | null = null;
      try {
        context = await this.openContext(options, skipped);
        const page = await context.newPage();
        await page.goto(url, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS });
        await page
          .waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT_MS })
          .catch(() => undefined);
        return await read(page);
      } catch (error) {
        this.log?.warn({ err: error, url }, 'browser rendering failed');
        return null;
      } finally {
        await context?.close().catch(() => undefined);
      }
    });
  }

  /** The page's HTML after its scripts ran, or null when there is no browser or it failed. */
  renderHtml(url: string, options: RenderOptions): Promise<string | null> {
    return this.withPage(url, options, SKIPPED_RESOURCES, (page) => page.content());
  }

  /** A PNG of the rendered page (the data API's screenshot). */
  screenshot(url: string, options: RenderOptions & { fullPage?: boolean }): Promise<Buffer | null> {
    // Pictures are what a screenshot is for; sound and video are not.
    return this.withPage(url, options, new Set(['media']), (page) =>
      page.screenshot({ fullPage: options.fullPage ?? false, type: 'png' }),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = await this.browser?.catch(() => null);
    this.browser = null;
    await browser?.close().catch(() => undefined);
  }
}
