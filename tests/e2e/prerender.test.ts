import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signInPage, signUpViaApi } from './support/session.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();

describe('pre-rendered public pages', () => {
  it('the landing page shows its headline with JavaScript disabled', async () => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const headline = page.getByRole('heading', { level: 1 });
    await expect(headline.isVisible()).resolves.toBe(true);
    await expect(headline.textContent()).resolves.toMatch(/FAQ/);
    await expect(page.getByRole('heading', { name: 'URL自動解析' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.title()).resolves.toBe('FAQ工房 — AIでFAQをかんたん作成');
    // The seller's details come from the server's settings, filled in when it sends the page.
    await page.goto('/legal');
    await expect(page.getByRole('main').textContent()).resolves.toContain('株式会社FAQ工房');
    await context.close();
  });

  it('every public page has its own title, description, canonical URL and Open Graph tags', async () => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const titles = new Set<string>();
    for (const pathname of ['/', '/pricing', '/terms', '/privacy', '/legal']) {
      await page.goto(pathname);
      await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
      titles.add(await page.title());
      const head = page.locator('head');
      const canonical = `${baseURL}${pathname}`;
      await expect(head.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(
        canonical,
      );
      await expect(head.locator('meta[property="og:url"]').getAttribute('content')).resolves.toBe(
        canonical,
      );
      await expect(
        head.locator('meta[name="description"]').getAttribute('content'),
      ).resolves.toMatch(/FAQ工房/);
      await expect(head.locator('meta[property="og:title"]').count()).resolves.toBe(1);
    }
    expect(titles.size).toBe(5);
    await page.goto('/pricing');
    const structured = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { '@graph': { '@type': string; offers?: { price: number; priceCurrency: string }[] }[] };
    const types = structured['@graph'].map((node) => node['@type']);
    expect(types).toEqual(['Organization', 'Product']);
    expect(structured['@graph'][1]!.offers!.map((offer) => offer.price)).toEqual([
      0, 1000, 4000, 12000,
    ]);
    await context.close();
  });

  it('hydrates without errors and stays interactive', async () => {
    const { page, context, problems } = await browser.open({ baseURL, width: 390 });
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    await page
      .getByRole('navigation', { name: 'モバイルメニュー' })
      .getByRole('link', { name: '利用規約' })
      .click();
    await page.getByRole('heading', { name: '利用規約', level: 1 }).waitFor();
    await expect(page.title()).resolves.toBe('利用規約 | FAQ工房');
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(
      `${baseURL}/terms`,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a signed-in user on a pre-rendered page gets the signed-in screen', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/');
    await page.getByRole('link', { name: 'FAQ生成' }).first().waitFor();
    await expect(page.getByRole('button', { name: /ログイン \/ 新規登録/ }).count()).resolves.toBe(
      0,
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});
