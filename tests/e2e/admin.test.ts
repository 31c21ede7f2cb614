import { describe, expect, inject, it } from 'vitest';
import { downloadedBytes, useBrowser } from './support/browser.ts';
import { signUpViaApi } from './support/session.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();

describe('admin area', () => {
  it('login → stats → search → +20 credits → CSV → delete → logout', async () => {
    const alice = await signUpViaApi(baseURL, { displayName: '管理テスト花子' });
    const bob = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });

    // A visit to a public page, sent with the batch that leaves 3 s after the page view (a
    // beacon at page hide is lost when the tracker has not loaded yet, as on a busy machine).
    const visitSent = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && /\/api\/analytics\/[^/]+\/log$/.test(request.url()),
      { timeout: 30_000 },
    );
    await page.goto('/pricing?utm_source=newsletter&utm_medium=email');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await (await visitSent).response();
    await page.goto('/admin');
    await page.waitForURL(/\/admin\/login$/);
    const note = page.getByRole('note');
    await expect(note.textContent()).resolves.toContain('admin123');
    const submit = page.getByRole('button', { name: 'ログイン' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByLabel('ユーザー名').fill('admin');
    await page.getByLabel('パスワード').fill('wrong');
    await submit.click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'ユーザー名またはパスワードが正しくありません' })
      .waitFor();
    await page.getByLabel('パスワード').fill('admin123');
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await submit.click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.getByText('ログイン成功').waitFor();
    await expect
      .poll(async () => Number(await page.getByTestId('stat-総ユーザー数').textContent()))
      .toBeGreaterThanOrEqual(2);

    // Analytics: the visit above is counted, by day and as an e-mail visit.
    await page.getByRole('heading', { name: 'アクセス解析' }).waitFor();
    await page.getByTestId('page-views-chart').locator('svg').first().waitFor();
    const channels = page.getByRole('table', { name: '流入元別の訪問' });
    await expect.poll(async () => (await channels.textContent()) ?? '').toContain('メール');

    await page.getByRole('tab', { name: 'ユーザー管理' }).click();
    await page.getByLabel('ユーザー検索').fill(alice.email);
    const table = page.getByRole('table', { name: 'ユーザー一覧' });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: `${alice.email}の詳細` }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByRole('button', { name: 'クレジットを調整' }).isDisabled(),
    ).resolves.toBe(true);
    await dialog.getByRole('button', { name: '10増やす' }).click();
    await dialog.getByRole('button', { name: '10増やす' }).click();
    await dialog.getByRole('button', { name: 'クレジットを調整' }).click();
    await page.getByText('20クレジットを追加しました').waitFor();

    const me = await fetch(`${baseURL}/api/auth/me`, {
      headers: { authorization: `Bearer ${alice.tokens.access_token}` },
    });
    expect(((await me.json()) as { credits: number }).credits).toBe(70);
    const ledger = await fetch(`${baseURL}/api/credits`, {
      headers: { authorization: `Bearer ${alice.tokens.access_token}` },
    });
    const rows = (
      (await ledger.json()) as {
        transactions: { type: string; amount: number; description: string }[];
      }
    ).transactions;
    expect(rows[0]).toMatchObject({ type: 'credit', amount: 20, description: '運営による調整' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSVエクスポート' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await downloadedBytes(download)).toString('utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(alice.email);

    await page.getByLabel('ユーザー検索').fill(bob.email);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: `${bob.email}を削除` }).click();
    await page
      .getByRole('dialog')
      .getByText('ユーザーを削除しますか？この操作は元に戻せません。')
      .waitFor();
    await page.getByRole('button', { name: '削除する' }).click();
    await page.getByText('該当するユーザーが見つかりません').waitFor();
    const gone = await fetch(`${baseURL}/api/auth/me`, {
      headers: { authorization: `Bearer ${bob.tokens.access_token}` },
    });
    expect(gone.status).toBe(401);

    // The outbox: without SMTP, alice's welcome mail waits here, shown as text.
    await page.getByRole('tab', { name: '送信メール' }).click();
    await page.getByText('SMTPが未設定のため', { exact: false }).waitFor();
    const welcome = page.getByRole('row').filter({ hasText: alice.email }).first();
    await expect(welcome.textContent()).resolves.toContain('登録完了');
    await welcome.getByRole('button', { name: /ご登録ありがとうございます/ }).click();
    // Whoever signs up chooses the display name: it never goes out in mail.
    const mail = page.getByRole('dialog');
    await mail.getByText('お客様', { exact: false }).first().waitFor();
    await expect(mail.textContent()).resolves.not.toContain('管理テスト花子');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.goto('/admin/anything');
    await page.waitForURL(/\/admin\/login$/);
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    await context.close();
  });
});
