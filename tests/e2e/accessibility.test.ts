import { AxeBuilder } from '@axe-core/playwright';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import {
  callApi,
  mailedLinkFor,
  signInPage,
  signUpViaApi,
  type SignedUpUser,
} from './support/session.ts';

const baseURL = inject('baseUrl');
// The longest display name a user can have: the header must still fit a phone.
const LONG_DISPLAY_NAME = 'あいうえおかきくけこさしすせそたちつてと';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 900 };
const browser = useBrowser();
let user: SignedUpUser;

beforeAll(async () => {
  user = await signUpViaApi(baseURL, { displayName: LONG_DISPLAY_NAME });
});

/** WCAG 2.1 A and AA, as axe-core checks them, plus its best practices. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * What proves a screen is whole before it is judged: its heading, the toast container (the
 * last lazy part every page mounts, once the browser is idle), a signed-in header's account
 * menu, and no 読み込み中 left. (Waiting for network idle instead cost at least half a second a
 * screen and proved less.)
 */
async function settled(page: Page, signedIn: boolean): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('section[aria-label^="Notifications"]').waitFor({ state: 'attached' });
  if (signedIn) await page.getByTestId('header-user-name').waitFor();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: '読み込み中' }).count())
    .toBe(0);
}

/** Two frames: what a resize sets off (ResizeObserver, media queries) has run. */
async function laidOut(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * How far the page is wider than a phone, once it has laid itself out again: parts that measure
 * themselves (the admin charts) re-render from a ResizeObserver a frame or more after the
 * resize, later on a busy machine. A page that stays too wide is reported after 5 s.
 */
async function phoneOverflow(page: Page): Promise<number> {
  const giveUpAt = Date.now() + 5_000;
  await laidOut(page);
  let overflow = await horizontalOverflow(page);
  while (overflow > 0 && Date.now() < giveUpAt) {
    await laidOut(page);
    overflow = await horizontalOverflow(page);
  }
  return overflow;
}

/**
 * Every finding on the screen as it stands, at 1280 px and laid out again at 390 px in the
 * same page: whether it fits a phone, and with `phoneAxe` axe once more where the phone layout
 * has parts of its own (the header's menu button). Elsewhere the markup is the same at both
 * widths, so a second axe run would only repeat the first.
 */
async function findings(page: Page, label: string, phoneAxe = false): Promise<string[]> {
  const found = (await axeViolations(page)).map((finding) => `${label}: ${finding}`);
  await page.setViewportSize(PHONE);
  const overflow = await phoneOverflow(page);
  if (overflow > 0) found.push(`${label} at 390 px: ${overflow} px wider than the screen`);
  if (phoneAxe)
    found.push(...(await axeViolations(page)).map((finding) => `${label} at 390 px: ${finding}`));
  await page.setViewportSize(DESKTOP);
  await laidOut(page);
  return found;
}

async function screenFindings(
  page: Page,
  path: string,
  options: { signedIn: boolean; phoneAxe?: boolean },
): Promise<string[]> {
  await page.goto(path);
  await settled(page, options.signedIn);
  return findings(page, path, options.phoneAxe);
}

describe('accessibility at 1280 px and 390 px', () => {
  it('signed-out screens have no axe violations', async () => {
    const { page, context, problems } = await browser.open({ baseURL, ...DESKTOP });
    const found: string[] = [];
    for (const path of ['/', '/pricing', '/terms', '/privacy', '/legal', '/auth']) {
      found.push(
        ...(await screenFindings(page, path, { signedIn: false, phoneAxe: path === '/' })),
      );
    }
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signed-in screens have no axe violations, with a 20-character display name', async () => {
    const { page, context, problems } = await browser.open({ baseURL, ...DESKTOP });
    await signInPage(page, user.tokens);
    const found: string[] = [];
    for (const path of ['/generate', '/history', '/credits', '/referrals', '/account']) {
      found.push(
        ...(await screenFindings(page, path, { signedIn: true, phoneAxe: path === '/generate' })),
      );
      await expect(page.getByRole('banner').textContent()).resolves.toContain(
        LONG_DISPLAY_NAME.slice(0, 5),
      );
    }
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('account dialogs and the address-change confirmation have no axe violations', async () => {
    const { page, context, problems } = await browser.open({ baseURL, ...DESKTOP });
    const mover = await signUpViaApi(baseURL);
    await signInPage(page, mover.tokens);
    // /account itself is judged in the signed-in screens' test: here it only opens the dialogs.
    await page.goto('/account');
    await settled(page, true);
    const found: string[] = [];
    for (const [button, dialog] of [
      ['パスワードを変更', 'パスワードの変更'],
      ['メールアドレスを変更', 'メールアドレスの変更'],
      ['アカウントを削除', 'アカウントを削除しますか？'],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      await page.getByRole('dialog', { name: dialog }).waitFor();
      found.push(...(await findings(page, dialog)));
      await page.getByRole('button', { name: 'キャンセル' }).click();
    }
    // Both outcomes of the confirmation page: a link that does not work, and the change.
    await page.goto('/account/email/confirm?token=unknown');
    await page.getByRole('alert').waitFor();
    await settled(page, true);
    found.push(...(await findings(page, 'link error')));
    const newEmail = `a11y-moved-${Date.now()}@example.jp`;
    const requested = await callApi(baseURL, mover, 'POST', '/api/account/email-change', {
      currentPassword: mover.password,
      newEmail,
    });
    expect(requested.status).toBe(202);
    const link = new URL(
      await mailedLinkFor(baseURL, newEmail, 'email_change', '/account/email/confirm'),
    );
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('に変更しました', { exact: false }).waitFor();
    await settled(page, true);
    found.push(...(await findings(page, 'link done')));
    expect(found).toEqual([]);
    // The unknown link's 400 is the point of that visit.
    expect(problems.filter((problem) => !problem.includes('400'))).toEqual([]);
    await context.close();
  });

  it('admin screens have no axe violations', async () => {
    const { page, context, problems } = await browser.open({ baseURL, ...DESKTOP });
    const found = await screenFindings(page, '/admin/login', { signedIn: false });
    await page.getByLabel('ユーザー名').fill('admin');
    await page.getByLabel('パスワード').fill('admin123');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    found.push(...(await screenFindings(page, '/admin', { signedIn: false, phoneAxe: true })));
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
