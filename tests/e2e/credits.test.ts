import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import {
  confirmationLinkFor,
  sharedAdminToken,
  signInPage,
  signUpViaApi,
} from './support/session.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();

describe('credits', () => {
  it('buys the standard plan through the demo checkout: balance +500 and the purchase in the usage table', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/pricing');
    await page.locator('[data-plan-id="standard"]').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.textContent()).resolves.toContain('¥4,000');
    const [checkoutTab] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: '購入する' }).click(),
    ]);
    await checkoutTab.waitForURL(/\/api\/payments\/demo\/checkout\//);
    await expect(checkoutTab.getByRole('note').textContent()).resolves.toBe(
      'デモ決済 — 実際の請求は発生しません',
    );
    await checkoutTab.getByRole('button', { name: '支払う（デモ）' }).click();
    await checkoutTab.waitForURL((url) => url.pathname === '/credits');
    await checkoutTab.getByText('お支払いが完了し、クレジットが付与されました').waitFor();
    await checkoutTab.waitForURL((url) => url.pathname === '/credits' && url.search === '');
    await expect(checkoutTab.getByTestId('credits-balance').textContent()).resolves.toContain(
      '550',
    );
    await expect(checkoutTab.getByTestId('header-credits').textContent()).resolves.toBe('550');
    const firstRow = checkoutTab
      .getByRole('table', { name: 'クレジットの利用履歴' })
      .getByRole('row')
      .nth(1);
    await expect(firstRow.textContent()).resolves.toContain('+500');
    await expect(firstRow.textContent()).resolves.toContain('購入');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refers a second user: the referrer gets +10 and sees the referral', async () => {
    const referrer = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, referrer.tokens);
    await page.goto('/referrals');
    await page.getByRole('button', { name: '紹介リンクを作成' }).click();
    const code = (await page.getByTestId('referral-code').textContent())!;
    expect(code).toMatch(/^REF_[0-9A-F]{8}[0-9A-Z]+$/);
    const link = await page.getByRole('textbox', { name: '紹介リンク' }).inputValue();
    expect(link).toBe(`${baseURL}/?ref=${code}`);

    // The referred visitor arrives through the link and signs up in the browser.
    const visitor = await browser.open({ baseURL });
    await visitor.page.goto(link);
    await visitor.page.getByRole('button', { name: '無料で始める' }).first().click();
    await visitor.page.getByRole('tab', { name: '新規登録' }).click();
    const form = visitor.page.getByRole('form', { name: '新規登録' });
    const referredEmail = `referred-${Date.now()}@example.jp`;
    await form.getByLabel('メールアドレス').fill(referredEmail);
    await form.getByLabel(/パスワード/).fill('password123');
    await form.getByRole('button', { name: '登録して始める' }).click();
    await visitor.page.getByTestId('header-credits').waitFor();
    // The referral counts once the new user confirms the address from the mail.
    await visitor.page.goto(await confirmationLinkFor(baseURL, referredEmail));
    await visitor.page.getByText('メールアドレスの確認が完了しました', { exact: false }).waitFor();
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();

    await page.reload();
    await page.getByTestId('header-credits').waitFor();
    await expect(page.getByTestId('header-credits').textContent()).resolves.toBe('60');
    const referralHistory = page.getByRole('table', { name: '紹介履歴' });
    await expect(referralHistory.textContent()).resolves.toContain('登録済み');
    // Who joined, masked: never the referrer's own code, never the friend's full address.
    await expect(referralHistory.textContent()).resolves.toContain('r***@example.jp');
    await expect(referralHistory.textContent()).resolves.not.toContain(referredEmail);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a balance changed elsewhere at once, without reloading (realtime)', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/generate');
    // As long as the other polls: the first render waits for the session on a busy machine.
    await expect
      .poll(() => page.getByTestId('header-credits').textContent(), { timeout: 10_000 })
      .toBe('50');
    // The page has joined its user channel once presence lists it.
    await expect
      .poll(
        async () => {
          const presence = await fetch(
            `${baseURL}/api/realtime/faq-kobo/presence?channel=user:${user.user.id}`,
            { headers: { authorization: `Bearer ${user.tokens.access_token}` } },
          );
          return ((await presence.json()) as { members: { userId: string }[] }).members.length;
          // The realtime client loads in its own chunk once the user is known.
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    const token = await sharedAdminToken(baseURL);
    const adjusted = await fetch(`${baseURL}/api/admin/users/${user.user.id}/credits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ amount: 20 }),
    });
    expect(adjusted.status).toBe(200);
    await expect
      .poll(() => page.getByTestId('header-credits').textContent(), { timeout: 10_000 })
      .toBe('70');
    expect(problems).toEqual([]);
    await context.close();
  });
});
