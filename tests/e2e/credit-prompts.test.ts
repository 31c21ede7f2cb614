import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import {
  confirmationLinkFor,
  sharedAdminToken,
  signInPage,
  signUpViaApi,
} from './support/session.ts';

const baseURL = inject('baseUrl');
const siteUrl = inject('fixtureSiteUrl');
const browser = useBrowser();

/** Questions from the fixture site through the form, three of them chosen. */
async function questionsFor(page: Page) {
  await page.goto('/generate');
  await page.getByLabel('WebサイトのURL').fill(`${siteUrl}/`);
  await page.getByLabel('作成するFAQの数').selectOption('5');
  await page.getByRole('button', { name: '質問を生成する' }).click();
  const questions = page.getByRole('list', { name: '生成された質問' }).getByRole('checkbox');
  // Generous: the question phase shares two cores with the server and the browser.
  await questions.first().waitFor({ timeout: 100_000 });
  for (let index = 0; index < 3; index++) await questions.nth(index).check();
}

/** Whether the whole box lies inside the window, as the user sees it now. */
const inViewport = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });

describe('credit prompts', () => {
  it('at 390 px, a refused answer run brings the shortfall box into view and focuses it', async () => {
    const user = await signUpViaApi(baseURL);
    // One credit left: three chosen questions are more than the balance.
    const debit = await fetch(`${baseURL}/api/admin/users/${user.user.id}/credits`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await sharedAdminToken(baseURL)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ amount: -49 }),
    });
    expect(debit.status).toBe(200);
    const { page, context, problems } = await browser.open({ baseURL, width: 390, height: 844 });
    await signInPage(page, user.tokens);
    await questionsFor(page);
    await page.getByRole('button', { name: /選択した質問の回答を作成（3件）/ }).click();

    const shortfall = page.getByRole('alert').filter({ hasText: 'クレジットが不足しています' });
    await shortfall.waitFor();
    await expect.poll(() => inViewport(shortfall)).toBe(true);
    await expect
      .poll(() => shortfall.evaluate((element) => element === document.activeElement))
      .toBe(true);
    // Nothing was charged and the selection is still there.
    await expect(page.getByTestId('generate-balance').textContent()).resolves.toBe('1');
    expect(problems.filter((problem) => !problem.includes('402'))).toEqual([]);
    await context.close();
  }, 180_000);

  it('an unconfirmed user is offered the confirmation credits with a resend button where buying is offered', async () => {
    const user = await signUpViaApi(baseURL, { confirm: false });
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    for (const path of ['/generate', '/credits']) {
      await page.goto(path);
      const prompt = page.getByRole('main').getByTestId('confirm-for-credits');
      await prompt.waitFor();
      await expect(prompt.textContent()).resolves.toContain(
        'メールアドレスを確認すると50クレジット',
      );
      await prompt.getByRole('button', { name: '確認メールを再送' }).click();
      await page.getByText('確認メールを再送しました').first().waitFor();
    }
    // Confirmed, the prompt is gone and the balance holds the bonus.
    const link = await confirmationLinkFor(baseURL, user.email);
    await page.goto(link);
    await page.getByText('登録特典として50クレジットを付与しました', { exact: false }).waitFor();
    await page.goto('/generate');
    await expect.poll(() => page.getByTestId('generate-balance').textContent()).toBe('50');
    await expect(page.getByTestId('confirm-for-credits').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
