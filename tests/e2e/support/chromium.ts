import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_BASE_ARGS } from '../../../src/server/modules/ingestion/browser-render.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, never a downloaded browser; flags keep it quiet on a closed network.
 * Started once for the run (global setup): every file connects to it instead of starting its
 * own, and each test still gets a fresh browser context of its own.
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_BASE_ARGS,
  });
}
