import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openWatchedPage } from './support/browser.ts';

const baseURL = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([390, 1280])('public pages at %i px', (width) => {
  it('landing page renders with header and footer, no errors', async () => {
    const { page, context, problems } = await openWatchedPage(browser, { baseURL, width });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('FAQ');
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: '利用規約' }).isVisible(),
    ).resolves.toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an unknown path redirects to /', async () => {
    const { page, context, problems } = await openWatchedPage(browser, { baseURL, width });
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    expect(problems).toEqual([]);
    await context.close();
  });
});
