import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_BASE_ARGS } from '../../../src/server/modules/ingestion/browser-render.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** Debian's Chromium, never a downloaded browser; flags keep it quiet on a closed network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_BASE_ARGS,
  });
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
