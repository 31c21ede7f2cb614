import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { confirmationLinkFor, signUpViaApi } from './support/session.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();

describe('accounts', () => {
  it('sign up → 50 credits → edit name → reload → logout → protected page → sign in → back', async () => {
    const { page, context, problems } = await browser.open({ baseURL });
    const email = `browser-${Date.now()}@example.jp`;

    await page.goto('/');
    await page.getByRole('button', { name: '無料で始める' }).first().click();
    await page.waitForURL(/\/auth\?redirect_url=%2Fgenerate/);
    await page.getByRole('tab', { name: '新規登録' }).click();
    const signup = page.getByRole('form', { name: '新規登録' });
    await signup.getByLabel('メールアドレス').fill(email);
    await signup.getByLabel(/パスワード/).fill('short');
    await signup.getByRole('button', { name: '登録して始める' }).click();
    await expect(
      signup.getByText('パスワードは8文字以上で入力してください').isVisible(),
    ).resolves.toBe(true);
    await signup.getByLabel(/パスワード/).fill('password123');
    await signup.getByRole('button', { name: '登録して始める' }).click();

    await page.getByTestId('header-credits').waitFor();
    await expect(page.getByTestId('header-user-name').textContent()).resolves.toBe(email);
    // Signed in and able to try the product; the bonus waits for the confirmed address.
    await expect(page.getByTestId('header-credits').textContent()).resolves.toBe('0');
    const banner = page.getByTestId('confirm-email-banner');
    await banner.waitFor();
    await banner.getByRole('button', { name: '確認メールを再送' }).click();
    await page.getByText('確認メールを再送しました').waitFor();
    // The link from the newest mail, opened in the browser.
    await page.goto(await confirmationLinkFor(baseURL, email));
    await page.getByText('メールアドレスの確認が完了しました', { exact: false }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="header-credits"]')?.textContent === '50',
    );
    await expect(banner.count()).resolves.toBe(0);
    await page.goto('/generate');
    await page.getByTestId('header-credits').waitFor();

    await page.goto('/account');
    await page.getByRole('button', { name: '編集' }).click();
    await page.getByLabel('表示名').fill('山田商店');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('プロフィールを更新しました').waitFor();
    await page.reload();
    await page.getByTestId('account-display-name').waitFor();
    await expect(page.getByTestId('account-display-name').textContent()).resolves.toBe('山田商店');
    await expect(page.getByTestId('header-user-name').textContent()).resolves.toBe('山田商店');

    await page.getByRole('main').getByRole('button', { name: 'ログアウト' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'ログイン / 新規登録' }).first().waitFor();

    await page.goto('/account');
    await page.waitForURL(/\/auth\?redirect_url=%2Faccount/);
    const signin = page.getByRole('form', { name: 'ログイン' });
    await signin.getByLabel('メールアドレス').fill(email);
    await signin.getByLabel('パスワード').fill('wrong-password');
    await signin.getByRole('button', { name: 'ログイン' }).click();
    await page.getByText('メールアドレスまたはパスワードが正しくありません').waitFor();
    await signin.getByLabel('パスワード').fill('password123');
    await signin.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByTestId('account-display-name').waitFor();

    // The only expected failure: the 401 of the wrong password, which is not a problem.
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await context.close();
  });

  it('signing up with a registered address looks exactly like a new sign-up and never reaches the owner', async () => {
    const owner = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await page.goto('/auth?mode=signup');
    const signup = page.getByRole('form', { name: '新規登録' });
    await signup.getByLabel('メールアドレス').fill(owner.email);
    await signup.getByLabel(/パスワード/).fill('another-password');
    await signup.getByRole('button', { name: '登録して始める' }).click();
    // As after any sign-up: signed in, no credits yet, asked to confirm the address.
    await page.getByTestId('header-credits').waitFor();
    await expect(page.getByTestId('header-user-name').textContent()).resolves.toBe(owner.email);
    await expect(page.getByTestId('header-credits').textContent()).resolves.toBe('0');
    await page.getByTestId('confirm-email-banner').waitFor();
    await expect(page.getByText('既に登録されています').count()).resolves.toBe(0);
    // …but in an account of its own, not the owner's.
    const me = await page.evaluate(async () => {
      const stored = JSON.parse(localStorage.getItem('faq-kobo.tokens') ?? '{}') as {
        access_token?: string;
      };
      const response = await fetch('/api/auth/me', {
        headers: { authorization: `Bearer ${stored.access_token}` },
      });
      return (await response.json()) as { id: string };
    });
    expect(me.id).not.toBe(owner.user.id);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('rejects an off-site redirect_url and lands on /generate instead', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context } = await browser.open({ baseURL });
    await page.goto('/auth?redirect_url=https%3A%2F%2Fevil.example%2F&project_id=faq-kobo');
    const signin = page.getByRole('form', { name: 'ログイン' });
    await signin.getByLabel('メールアドレス').fill(user.email);
    await signin.getByLabel('パスワード').fill(user.password);
    await signin.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL((url) => url.origin === baseURL && url.pathname !== '/auth');
    expect(new URL(page.url()).origin).toBe(baseURL);
    await context.close();
  });
});
