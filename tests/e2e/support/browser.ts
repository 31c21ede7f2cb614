import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Download,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export interface FileBrowser {
  /** A bare context of the file's browser, for tests that need other options. */
  newContext(options: BrowserContextOptions): Promise<BrowserContext>;
  /** A watched page in a new context of the file's browser. */
  open(options: { width?: number; height?: number; baseURL: string }): Promise<WatchedPage>;
}

/**
 * Connects the test file to the run's browser before its tests and lets go after them;
 * contexts a file leaves open are closed with its connection.
 */
export function useBrowser(): FileBrowser {
  let connected: Browser | undefined;
  beforeAll(async () => {
    connected = await chromium.connect(inject('browserWsEndpoint'));
  });
  afterAll(async () => {
    await connected?.close();
  });
  const browser = (): Browser => {
    if (!connected) throw new Error('useBrowser(): the browser is connected in beforeAll');
    return connected;
  };
  return {
    newContext: (options) => browser().newContext(options),
    open: (options) => openWatchedPage(browser(), options),
  };
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and failed or 5xx requests seen so far. */
  problems: string[];
}

/**
 * A page that records everything that would show a user something broken. Tests assert
 * `problems` is empty at the end; expected 4xx answers are the test's own business.
 */
export async function openWatchedPage(
  browser: Browser,
  options: { width?: number; height?: number; baseURL: string },
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // Navigations away from a page abort its pending requests; that is not a failure.
    if (failure.includes('ERR_ABORTED')) return;
    problems.push(`requestfailed: ${request.method()} ${request.url()} ${failure}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return { page, context, problems };
}

/** A finished download's bytes: the browser runs in its own process, so there is no local path. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
