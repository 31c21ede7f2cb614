import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signInPage, signUpViaApi } from './support/session.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();

describe('the first load of a page', () => {
  it('warns of nothing (React Router’s HydrateFallback) signed in or as a visitor', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    // A visitor: the pre-rendered landing page is hydrated.
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Signed in: the screen's code loads before its first render (the loading screen shows).
    await signInPage(page, user.tokens);
    await page.goto('/credits');
    await page.getByRole('heading', { name: 'クレジット', level: 1 }).waitFor();
    await page.goto('/generate');
    await page.getByRole('heading', { name: 'FAQ生成', level: 1 }).waitFor();
    expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
