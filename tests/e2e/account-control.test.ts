import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { mailedLinkFor, signInPage, signUpViaApi } from './support/session.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();

/** Expected refusals the test provokes (a wrong password, an ended session). */
const unexpected = (problems: string[]) =>
  problems.filter((problem) => !/\b(400|401)\b/.test(problem));

describe('the account the user controls', () => {
  it('password change ends an older session; the address moves by the mailed link; deletion signs out for good', async () => {
    const account = await signUpViaApi(baseURL);
    // An older session on another device, signed in with the sign-up tokens.
    const older = await browser.open({ baseURL });
    await signInPage(older.page, account.tokens);
    await older.page.goto('/account');
    await older.page.getByRole('heading', { name: 'アカウント設定' }).waitFor();

    const { page, context, problems } = await browser.open({ baseURL });
    await page.goto('/auth');
    const signin = page.getByRole('form', { name: 'ログイン' });
    await signin.getByLabel('メールアドレス').fill(account.email);
    await signin.getByLabel('パスワード').fill(account.password);
    await signin.getByRole('button', { name: 'ログイン' }).click();
    await page.getByTestId('header-credits').waitFor();
    await page.goto('/account');

    // Change the password: a wrong current one is refused in place, then the change succeeds.
    await page.getByRole('button', { name: 'パスワードを変更' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'パスワードの変更' });
    await passwordDialog.getByLabel('現在のパスワード').fill('not-my-password');
    await passwordDialog.getByLabel('新しいパスワード', { exact: true }).fill('short');
    await passwordDialog.getByLabel('新しいパスワード（確認）').fill('short');
    await passwordDialog.getByRole('button', { name: '変更する' }).click();
    await passwordDialog.getByText('パスワードは8文字以上で入力してください').waitFor();
    await passwordDialog.getByLabel('新しいパスワード', { exact: true }).fill('changed-pass-1');
    await passwordDialog.getByLabel('新しいパスワード（確認）').fill('changed-pass-1');
    await passwordDialog.getByRole('button', { name: '変更する' }).click();
    await passwordDialog.getByText('現在のパスワードが正しくありません').waitFor();
    await passwordDialog.getByLabel('現在のパスワード').fill(account.password);
    await passwordDialog.getByRole('button', { name: '変更する' }).click();
    await page.getByText('パスワードを変更しました', { exact: false }).waitFor();
    await passwordDialog.waitFor({ state: 'detached' });
    // This tab stays signed in, across a reload too.
    await page.reload();
    await page.getByRole('heading', { name: 'アカウント設定' }).waitFor();
    await page.getByTestId('header-credits').waitFor();
    // The older session is refused and sent to sign in.
    await older.page.reload();
    await older.page.waitForURL(/\/auth\?redirect_url=%2Faccount/);

    // Change the address by following the link mailed to the new one.
    const newEmail = `moved-${Date.now()}@example.jp`;
    await page.getByRole('button', { name: 'メールアドレスを変更' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'メールアドレスの変更' });
    await emailDialog.getByLabel('新しいメールアドレス').fill(newEmail);
    await emailDialog.getByLabel('現在のパスワード').fill('changed-pass-1');
    await emailDialog.getByRole('button', { name: '確認メールを送信' }).click();
    await page.getByRole('dialog', { name: '確認メールを送信しました' }).waitFor();
    await page.getByRole('button', { name: '閉じる' }).first().click();
    await page.goto(
      await mailedLinkFor(baseURL, newEmail, 'email_change', '/account/email/confirm'),
    );
    await page.getByText('に変更しました', { exact: false }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('link', { name: 'アカウント設定へ戻る' }).click();
    await page.getByText(newEmail).first().waitFor();

    // Delete the account: password and the typed confirmation.
    await page.getByRole('button', { name: 'アカウントを削除' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'アカウントを削除しますか？' });
    const confirmButton = deleteDialog.getByRole('button', { name: '削除する' });
    await deleteDialog.getByLabel('現在のパスワード').fill('changed-pass-1');
    await expect(confirmButton.isDisabled()).resolves.toBe(true);
    await deleteDialog.getByLabel(/と入力してください/).fill('削除する');
    await confirmButton.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('アカウントを削除しました', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'ログイン / 新規登録' }).first().waitFor();
    await expect(page.evaluate(() => localStorage.getItem('faq-kobo.tokens'))).resolves.toBeNull();

    // Neither address signs in any more.
    for (const email of [newEmail, account.email]) {
      await page.goto('/auth');
      const form = page.getByRole('form', { name: 'ログイン' });
      await form.getByLabel('メールアドレス').fill(email);
      await form.getByLabel('パスワード').fill('changed-pass-1');
      await form.getByRole('button', { name: 'ログイン' }).click();
      await page.getByText('メールアドレスまたはパスワードが正しくありません').waitFor();
    }

    expect(unexpected(problems)).toEqual([]);
    expect(unexpected(older.problems)).toEqual([]);
    await older.context.close();
    await context.close();
  });
});
