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

/** Every finding on one screen, so one run lists all of them. */
async function screenFindings(page: Page, path: string, width: number): Promise<string[]> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Let lazy parts (account menu, toasts) settle before judging the page.
  await page.waitForLoadState('networkidle');
  const findings = (await axeViolations(page)).map((finding) => `${path}: ${finding}`);
  const overflow = width === 390 ? await horizontalOverflow(page) : 0;
  if (overflow > 0) findings.push(`${path}: ${overflow} px wider than the screen`);
  return findings;
}

describe.each([1280, 390])('accessibility at %i px', (width) => {
  it('signed-out screens have no axe violations', async () => {
    const { page, context, problems } = await browser.open({ baseURL, width });
    const findings: string[] = [];
    for (const path of ['/', '/pricing', '/terms', '/privacy', '/legal', '/auth']) {
      findings.push(...(await screenFindings(page, path, width)));
    }
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signed-in screens have no axe violations, with a 20-character display name', async () => {
    const { page, context, problems } = await browser.open({ baseURL, width });
    await signInPage(page, user.tokens);
    const findings: string[] = [];
    for (const path of ['/generate', '/history', '/credits', '/referrals', '/account']) {
      findings.push(...(await screenFindings(page, path, width)));
      if (width === 1280)
        await expect(page.getByRole('banner').textContent()).resolves.toContain(
          LONG_DISPLAY_NAME.slice(0, 5),
        );
    }
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('account dialogs and the address-change confirmation have no axe violations', async () => {
    const { page, context, problems } = await browser.open({ baseURL, width });
    const mover = await signUpViaApi(baseURL);
    await signInPage(page, mover.tokens);
    const findings = await screenFindings(page, '/account', width);
    for (const [button, dialog] of [
      ['パスワードを変更', 'パスワードの変更'],
      ['メールアドレスを変更', 'メールアドレスの変更'],
      ['アカウントを削除', 'アカウントを削除しますか？'],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      await page.getByRole('dialog', { name: dialog }).waitFor();
      findings.push(...(await axeViolations(page)).map((finding) => `${dialog}: ${finding}`));
      const overflow = width === 390 ? await horizontalOverflow(page) : 0;
      if (overflow > 0) findings.push(`${dialog}: ${overflow} px wider than the screen`);
      await page.getByRole('button', { name: 'キャンセル' }).click();
    }
    // Both outcomes of the confirmation page: a link that does not work, and the change.
    findings.push(...(await screenFindings(page, '/account/email/confirm?token=unknown', width)));
    await page.getByRole('alert').waitFor();
    findings.push(...(await axeViolations(page)).map((finding) => `link error: ${finding}`));
    const newEmail = `a11y-moved-${width}-${Date.now()}@example.jp`;
    const requested = await callApi(baseURL, mover, 'POST', '/api/account/email-change', {
      currentPassword: mover.password,
      newEmail,
    });
    expect(requested.status).toBe(202);
    const link = new URL(
      await mailedLinkFor(baseURL, newEmail, 'email_change', '/account/email/confirm'),
    );
    findings.push(...(await screenFindings(page, `${link.pathname}${link.search}`, width)));
    await page.getByText('に変更しました', { exact: false }).waitFor();
    findings.push(...(await axeViolations(page)).map((finding) => `link done: ${finding}`));
    expect(findings).toEqual([]);
    // The unknown link's 400 is the point of that visit.
    expect(problems.filter((problem) => !problem.includes('400'))).toEqual([]);
    await context.close();
  });

  it('admin screens have no axe violations', async () => {
    const { page, context, problems } = await browser.open({ baseURL, width });
    const findings = await screenFindings(page, '/admin/login', width);
    await page.getByLabel('ユーザー名').fill('admin');
    await page.getByLabel('パスワード').fill('admin123');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    findings.push(...(await screenFindings(page, '/admin', width)));
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
