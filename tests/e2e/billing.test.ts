import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { signInPage, signUpViaApi } from './support/session.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();

const PAID = 'お支払いが完了し、クレジットが付与されました';
/** sonner's toast container (its aria-label is 'Notifications alt+T'). */
const TOASTS = 'section[aria-label^="Notifications"]';

async function adminLogin(password = 'admin123') {
  const response = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function startCheckout(token: string, planId: string) {
  const response = await fetch(`${baseURL}/api/payments/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ planId }),
  });
  return ((await response.json()) as { url: string }).url;
}

/** The lightest background pixel behind a text element (its text made transparent). */
async function worstContrastWithWhite(page: Page, element: Locator): Promise<number> {
  await element.evaluate((node) => ((node as HTMLElement).style.color = 'transparent'));
  const png = (await element.screenshot()).toString('base64');
  await element.evaluate((node) => ((node as HTMLElement).style.color = ''));
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    let lightest = 0;
    for (let index = 0; index < pixels.length; index += 4) {
      const luminance =
        0.2126 * channel(pixels[index]!) +
        0.7152 * channel(pixels[index + 1]!) +
        0.0722 * channel(pixels[index + 2]!);
      lightest = Math.max(lightest, luminance);
    }
    return 1.05 / (lightest + 0.05);
  }, png);
}

describe('payment return and cancel', () => {
  it('toasts once for the paid session; a revisit of the same address shows nothing', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    const checkout = await startCheckout(user.tokens.access_token, 'light');
    await page.goto(checkout);
    await page.getByRole('button', { name: '支払う（デモ）' }).click();
    await page.waitForURL((url) => url.pathname === '/credits');
    await page.getByText(PAID).waitFor();
    await page.waitForURL((url) => url.pathname === '/credits' && url.search === '');

    const sessionId = new URL(checkout).pathname.split('/').pop();
    // The page asks the server once and says nothing when told not to; it clears the address
    // only after deciding, and sonner shows a toast raised before its container mounted, so
    // with the address cleared and the container there, a toast would be on screen.
    const answered = page.waitForResponse((response) =>
      response.url().endsWith('/api/payments/return'),
    );
    await page.goto(`/credits?success=true&plan=light&session_id=${sessionId}`);
    await expect((await answered).json()).resolves.toMatchObject({
      status: 'completed',
      notify: false,
    });
    await page.waitForURL((url) => url.pathname === '/credits' && url.search === '');
    await page.getByTestId('credits-balance').waitFor();
    await page.locator(TOASTS).waitFor({ state: 'attached' });
    await expect(page.getByText(PAID).count()).resolves.toBe(0);
    // The old return address without a session id announces nothing either.
    await page.goto('/credits?success=true&plan=light');
    await page.waitForURL((url) => url.search === '');
    await page.locator(TOASTS).waitFor({ state: 'attached' });
    await expect(page.getByText(PAID).count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('leaves the demo checkout with キャンセルして戻る and says so on /pricing', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto(await startCheckout(user.tokens.access_token, 'pro'));
    await page.getByRole('link', { name: 'キャンセルして戻る' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing' && url.search === '?canceled=true');
    await page.getByText('お支払いはキャンセルされました', { exact: false }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('利用停止', () => {
  it('signs a suspended user out with the reason, and refuses the sign-in form', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/credits');
    await page.getByTestId('header-credits').waitFor();
    const token = await adminLogin();
    const suspended = await fetch(`${baseURL}/api/admin/users/${user.user.id}/suspension`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ suspended: true }),
    });
    expect(suspended.status).toBe(200);
    await page.reload();
    await page.getByText('このアカウントは利用停止中です', { exact: false }).first().waitFor();
    await page.waitForURL((url) => url.pathname === '/auth');
    const form = page.getByRole('form', { name: 'ログイン' });
    await form.getByLabel('メールアドレス').fill(user.email);
    await form.getByLabel(/パスワード/).fill(user.password);
    await form.getByRole('button', { name: 'ログイン' }).click();
    await form.getByText('このアカウントは利用停止中です', { exact: false }).waitFor();
    // The refused calls above are the point of the test; anything else is a problem.
    expect(problems.filter((problem) => !problem.includes('403'))).toEqual([]);
    await context.close();
  });
});

describe('at 390 px', () => {
  it('a long display name never widens signed-in pages; /referrals labels meet AA contrast', async () => {
    const user = await signUpViaApi(baseURL, {
      displayName: 'とても長い表示名のテストユーザー株式会社営業部第一課',
    });
    const { page, context, problems } = await browser.open({
      baseURL,
      width: 390,
      height: 844,
    });
    await signInPage(page, user.tokens);
    for (const path of ['/credits', '/referrals', '/generate', '/history', '/account']) {
      await page.goto(path);
      await page.getByTestId('header-user-name').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(390);
      const menu = await page.getByTestId('header-user-name').boundingBox();
      expect(menu!.x + menu!.width, path).toBeLessThanOrEqual(390);
    }
    await page.goto('/referrals');
    const hero = page.getByTestId('referrals-hero');
    await hero.waitFor();
    for (const label of await hero.locator('dt, p').all()) {
      expect(await worstContrastWithWhite(page, label)).toBeGreaterThanOrEqual(4.5);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('admin tabs keep whole words; the password screen ends the other admin sessions', async () => {
    const otherSession = await adminLogin();
    const { page, context, problems } = await browser.open({
      baseURL,
      width: 390,
      height: 844,
    });
    await page.goto('/admin/login');
    await page.getByLabel('ユーザー名').fill('admin');
    await page.getByLabel('パスワード').fill('admin123');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.getByRole('tab', { name: 'ユーザー管理' }).waitFor();
    const tabs = await page.getByRole('tab').all();
    expect(tabs.length).toBeGreaterThanOrEqual(3);
    for (const tab of tabs) {
      const lines = await tab.evaluate((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, (await tab.textContent()) ?? '').toBe(1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await page.getByRole('button', { name: 'パスワード変更' }).click();
    const form = page.getByRole('form', { name: 'パスワード変更' });
    await form.getByLabel('現在のパスワード').fill('admin123');
    await form.getByLabel('新しいパスワード（8文字以上）').fill('e2e-new-admin-pass');
    await form.getByLabel('新しいパスワード（確認）').fill('e2e-new-admin-pass');
    await form.getByRole('button', { name: '変更する' }).click();
    await page.getByText('パスワードを変更しました').waitFor();

    const check = (token: string) =>
      fetch(`${baseURL}/api/admin/session`, { headers: { authorization: `Bearer ${token}` } });
    expect((await check(otherSession)).status).toBe(401);
    const own = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('faq-kobo.admin-session')!) as { token: string }).token,
    );
    expect((await check(own)).status).toBe(200);
    // Back to the documented default for the other end-to-end files.
    const restored = await fetch(`${baseURL}/api/admin/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${own}` },
      body: JSON.stringify({ currentPassword: 'e2e-new-admin-pass', newPassword: 'admin123' }),
    });
    expect(restored.status).toBe(204);
    expect(problems).toEqual([]);
    await context.close();
  });
});
