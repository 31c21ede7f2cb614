import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, type WatchedPage } from './support/browser.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();

async function noHorizontalOverflow(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

async function footerIsComplete(page: Page) {
  const footer = page.getByRole('contentinfo');
  for (const name of [
    '利用規約',
    'プライバシーポリシー',
    '特定商取引法に基づく表記',
    '管理者ログイン',
  ]) {
    await expect(footer.getByRole('link', { name }).isVisible()).resolves.toBe(true);
  }
  await expect(footer.textContent()).resolves.toContain('©');
}

// One visitor's page per width for every test: each test starts with its own goto, and a
// visitor keeps nothing between pages that would change what the next one shows.
describe.each([390, 1280])('public pages at %i px', (width) => {
  let visitor: WatchedPage;
  beforeAll(async () => {
    visitor = await browser.open({ baseURL, width });
  });
  afterAll(async () => {
    await visitor.context.close();
  });
  /** The shared page, with what went wrong in earlier tests forgotten. */
  const open = () => {
    visitor.problems.length = 0;
    return visitor;
  };

  it('landing: hero, four features, referral, steps, disclaimer', async () => {
    const { page, problems } = open();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const feature of ['URL自動解析', '専門家ロール設定', 'Word出力', 'クレジット制']) {
      await expect(page.getByRole('heading', { name: feature }).isVisible()).resolves.toBe(true);
    }
    await expect(
      page.getByRole('heading', { name: '友達紹介プログラム' }).isVisible(),
    ).resolves.toBe(true);
    await expect(
      page.getByRole('heading', { name: '使い方は3ステップ' }).isVisible(),
    ).resolves.toBe(true);
    await expect(
      page.getByRole('complementary', { name: '免責事項' }).textContent(),
    ).resolves.toContain('専門家');
    await footerIsComplete(page);
    await noHorizontalOverflow(page, width);
    if (width === 390) {
      await page.getByRole('button', { name: 'メニューを開く' }).click();
      await expect(
        page.getByRole('navigation', { name: 'モバイルメニュー' }).isVisible(),
      ).resolves.toBe(true);
    }
    await page.screenshot({ path: `/tmp/faq-kobo-landing-${width}.png`, fullPage: false });
    expect(problems).toEqual([]);
  });

  it('pricing: four plans with yen prices, popular standard, FAQ and call to action', async () => {
    const { page, problems } = open();
    await page.goto('/pricing');
    await page.getByRole('heading', { name: '料金プラン', level: 1 }).waitFor();
    const text = await page.getByRole('main').textContent();
    for (const expected of [
      '¥0',
      '¥1,000',
      '¥4,000',
      '¥12,000',
      '100クレジット',
      '500クレジット',
      '2,000クレジット',
      '人気',
      'よくある質問',
    ]) {
      expect(text).toContain(expected);
    }
    await expect(
      page.getByRole('listitem', { name: 'スタンダード' }).textContent(),
    ).resolves.toContain('人気');
    await noHorizontalOverflow(page, width);
    // A signed-out visitor choosing a paid plan is asked to sign in first, coming back here.
    await page.locator('[data-plan-id="standard"]').click();
    await page.waitForURL(/\/auth\?redirect_url=%2Fpricing/);
    expect(problems).toEqual([]);
  });

  it('terms has 10 articles and privacy 6', async () => {
    const { page, problems } = open();
    await page.goto('/terms');
    await page.getByRole('heading', { name: '利用規約', level: 1 }).waitFor();
    await expect(page.getByRole('heading', { level: 2 }).count()).resolves.toBe(10);
    await expect(
      page.getByRole('heading', { name: '第10条（準拠法および管轄裁判所）' }).isVisible(),
    ).resolves.toBe(true);
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'プライバシーポリシー', level: 1 }).waitFor();
    await expect(page.getByRole('heading', { level: 2 }).count()).resolves.toBe(6);
    await noHorizontalOverflow(page, width);
    expect(problems).toEqual([]);
  });

  it('legal notice lists seller, address, contact, price, payment, delivery and no refunds', async () => {
    const { page, problems } = open();
    await page.goto('/legal');
    await page.getByText('販売業者').waitFor();
    const text = await page.getByRole('main').textContent();
    for (const label of [
      '販売業者',
      '所在地',
      '連絡先',
      '販売価格',
      '支払方法',
      '引渡時期',
      '返品・キャンセル',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain('株式会社FAQ工房');
    expect(text).toContain('¥4,000');
    expect(text).toContain('返金には応じられません');
    await footerIsComplete(page);
    await noHorizontalOverflow(page, width);
    expect(problems).toEqual([]);
  });

  it('the header 「ログイン / 新規登録」 leads to sign-in, whose page heading stands alone', async () => {
    const { page, problems } = open();
    await page.goto('/');
    if (width === 390) await page.getByRole('button', { name: 'メニューを開く' }).click();
    await page.getByRole('link', { name: 'ログイン / 新規登録' }).last().click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('heading', { name: 'FAQ工房にログイン', level: 1 }).waitFor();
    await expect(page.locator('h1 h1, h2 h1, h3 h1, h3 h2').count()).resolves.toBe(0);
    await page.goto('/admin/login');
    await page.getByRole('heading', { name: 'FAQ工房 管理者ログイン', level: 1 }).waitFor();
    await expect(page.locator('h1 h1, h2 h1, h3 h1, h3 h2').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
  });
});

// The redirect is the router's, the same at every width.
it('an unknown path redirects to /', async () => {
  const { page, context, problems } = await browser.open({ baseURL });
  await page.goto('/no/such/page');
  await page.waitForURL((url) => url.pathname === '/');
  expect(problems).toEqual([]);
  await context.close();
});
